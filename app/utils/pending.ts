import { useFormAction, useNavigation } from 'react-router'

/**
 * True while a form of this route is being submitted (the Epic Stack's `useIsPending`): by default a POST to the route's
 * own action, from the submission until the page that follows has loaded. `formAction` names a form that posts elsewhere;
 * `intent` narrows it to the button or form with that `intent` value. Without JavaScript it is never true: the browser
 * shows its own progress.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  state = 'non-idle',
  intent,
}: {
  formAction?: string
  formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
  state?: 'submitting' | 'loading' | 'non-idle'
  intent?: string
} = {}) {
  const contextualFormAction = useFormAction()
  const navigation = useNavigation()
  const isPendingState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
  return (
    isPendingState &&
    navigation.formAction === (formAction ?? contextualFormAction) &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get('intent') === intent)
  )
}
