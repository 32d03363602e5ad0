/**
 * What a kind's reward-form fields show while their code loads. Giving `next/dynamic` a loading
 * state gives the fields a Suspense boundary of their own: without one, choosing a kind suspended
 * the whole form, and the kind's radio button did not take the click.
 */
export function FieldsLoading() {
  return <div aria-busy="true" className="kind-fields-loading" />;
}
