// schema.org FAQPage data for a page's "Frequently Asked Questions" (src/components/Faq.astro):
// the same questions and answers the visitor reads, as search engines ask.
export function faqJsonLd(faq: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}
