// The operator's claim page's data as its sections (app/components/admin/claim/) read it: a type-only module, so the
// components take the model's type without importing a *.server module (the import is erased from every bundle).
import type { reviewPage } from '~/models/claims/claim-review-page.server'

export type ClaimReviewPageData = ReturnType<typeof reviewPage>
