// An SEO page's main content as the public city-service page lays it out, with the copy as edited
// and the related articles as chosen: what the next publish builds.
import type { SeoPagePreview } from '../../../schemas/admin-content.ts';

export default function SeoPreview(props: { preview: SeoPagePreview }) {
  const { preview } = props;
  return (
    <section className="admin-preview" aria-label={`Preview of ${preview.path}`}>
      <p className="muted">
        Preview of <strong>{preview.path}</strong>: title “{preview.title}”; meta description “
        {preview.description}”.
      </p>
      <h1>{preview.h1}</h1>
      <p className="lead">{preview.intro}</p>
      <div className="prose">
        <h2>Service Overview</h2>
        {preview.overview.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <h2>Local Insights</h2>
        {preview.localInsights.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <h2>Pricing Guide</h2>
        {preview.pricing.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {preview.articles.length > 0 && (
          <>
            <h2>Related Guides &amp; Articles</h2>
            <ul aria-label="Related Guides & Articles">
              {preview.articles.map((a) => (
                <li key={a.slug}>
                  <a href={`/articles/${a.slug}`}>{a.title}</a>
                </li>
              ))}
            </ul>
          </>
        )}
        <h2>Frequently Asked Questions</h2>
        <dl className="faq">
          {preview.faq.map((f, i) => (
            <div key={i}>
              <dt>{f.question}</dt>
              <dd>{f.answer}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
