// What the account settings island receives from the page (read on the server).
export interface ProfileData {
  email: string;
  fullName: string | null;
  pendingEmail: string | null;
  email_notifications: boolean;
  lead_notifications: boolean;
  marketing_emails: boolean;
}
