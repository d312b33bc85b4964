// The operator's customer page's data as its sections (app/components/admin/customer/) read it: a type-only module, so
// the components take the model's type without importing a *.server module (the import is erased from every bundle).
import type { customerPage } from '~/models/people/customer-page.server'

export type CustomerPageData = NonNullable<ReturnType<typeof customerPage>>
