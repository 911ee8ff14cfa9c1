// A business's listing status (businesses.status): PENDING until an admin approves or rejects
// the registration, ACTIVE while listed, SUSPENDED by an admin. One definition for the server,
// the admin area and the dashboard.
export type BusinessStatus = 'ACTIVE' | 'PENDING' | 'REJECTED' | 'SUSPENDED';
