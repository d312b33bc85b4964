// The shop's job page's data as its sections (app/components/shop/) read it: a type-only module, so the components
// take the model's type without importing a *.server module (the import is erased from every bundle).
import type { shopJobPage } from '~/models/shops/shop-job-page.server'

export type ShopJobPageData = ReturnType<typeof shopJobPage>
/** The invoice's history, the operator's answers and the disputes of a completed job. */
export type ShopJobReview = NonNullable<ShopJobPageData['review']>
