// The layout's inline styles (mail clients need them inline) and the brand's colours.

/** src/styles/global/base.css's tokens (mail clients know no CSS variables; a unit test keeps them equal). */
export const MAIL_COLORS = {
  ink: '#111827',
  muted: '#4b5563',
  line: '#e5e7eb',
  bg: '#ffffff',
  soft: '#f3f4f6',
  brand: '#1d4ed8',
  brandDark: '#1e3a8a',
} as const;

const FONT = '-apple-system, BlinkMacSystemFont, Segoe UI, Helvetica, Arial, sans-serif';
export const styles = {
  body: { backgroundColor: MAIL_COLORS.soft, margin: '0', padding: '24px 0', fontFamily: FONT },
  container: {
    backgroundColor: MAIL_COLORS.bg,
    border: `1px solid ${MAIL_COLORS.line}`,
    borderRadius: '10px',
    maxWidth: '560px',
    padding: '24px',
  },
  brand: { color: MAIL_COLORS.brandDark, fontSize: '18px', fontWeight: 700, margin: '0 0 16px' },
  heading: { color: MAIL_COLORS.ink, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' },
  text: { color: MAIL_COLORS.ink, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  note: { color: MAIL_COLORS.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 12px' },
  link: { color: MAIL_COLORS.brand, textDecoration: 'underline' },
  card: {
    border: `1px solid ${MAIL_COLORS.line}`,
    borderRadius: '10px',
    margin: '0 0 12px',
    padding: '12px 16px',
  },
  cardTitle: { color: MAIL_COLORS.ink, fontSize: '16px', fontWeight: 700, lineHeight: '24px', margin: '0' },
  cardLine: { color: MAIL_COLORS.muted, fontSize: '14px', lineHeight: '20px', margin: '0' },
  quote: {
    borderLeft: `4px solid ${MAIL_COLORS.line}`,
    color: MAIL_COLORS.ink,
    fontSize: '16px',
    lineHeight: '24px',
    margin: '0 0 16px',
    padding: '0 0 0 12px',
  },
  action: { margin: '8px 0 24px' },
  button: {
    backgroundColor: MAIL_COLORS.brand,
    borderRadius: '10px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 700,
    lineHeight: '20px',
    padding: '12px 24px',
    textDecoration: 'none',
  },
  hr: { borderColor: MAIL_COLORS.line, margin: '24px 0 16px' },
  footer: { color: MAIL_COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: '0' },
} as const;
