// The signed-in homeowner's requests, newest first (the inbox at /profile/requests): each with
// where it stands, the contractors it went to, how many responded and quoted, the accepted one,
// and how many contractor messages are unread. Requests sent signed out with the account's
// verified address are joined first (join-verified-requests.ts).
import {
  INBOX_REQUESTS_MAX,
  REQUEST_STATUS_WORDS,
  requestStatus,
  type RequestStatus,
} from '../../../domain/inbox-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { joinVerifiedRequests } from '../../accounts/index.ts';

export interface RequestListItem {
  id: string;
  projectType: string;
  city: string | null;
  zipCode: string | null;
  createdAt: Date;
  status: RequestStatus;
  statusText: string;
  contractors: string[];
  responses: number;
  quotes: number;
  acceptedName: string | null;
  unread: number;
}

interface Row {
  id: string;
  project_type: string;
  city: string | null;
  zip_code: string | null;
  created_at: Date;
  qualification: string;
  contractors: string[];
  responses: number;
  quotes: number;
  accepted_name: string | null;
  unread: number;
}

export async function homeownerRequests(sql: Sql, userId: string): Promise<RequestListItem[]> {
  await joinVerifiedRequests(sql, userId);
  const rows = await sql<Row[]>`
    select l.id, l.project_type, l.city, l.zip_code, l.created_at, l.qualification,
           coalesce((select array_agg(b.name order by d.rank) from lead_distributions d
                      join businesses b on b.id = d.business_id
                     where d.lead_id = l.id and d.payment_status = 'paid'), '{}') as contractors,
           (select count(*)::int from lead_communications c
             where c.lead_id = l.id and c.message_type = 'contractor_response') as responses,
           (select count(*)::int from lead_communications c
             where c.lead_id = l.id and c.message_type = 'contractor_response' and c.quote is not null) as quotes,
           (select b.name from lead_communications c join businesses b on b.id = c.business_id
             where c.lead_id = l.id and c.accepted_at is not null limit 1) as accepted_name,
           (select count(*)::int from lead_messages m
             join lead_distributions d on d.lead_id = m.lead_id and d.business_id = m.business_id
             where m.lead_id = l.id and m.author = 'contractor' and m.read_at is null
               and d.payment_status = 'paid') as unread
      from leads l
     where l.user_id = ${userId}
     order by l.created_at desc, l.id
     limit ${INBOX_REQUESTS_MAX}`;
  return rows.map((r) => {
    const status = requestStatus({
      qualification: r.qualification,
      contractors: r.contractors.length,
      quotes: r.quotes,
      accepted: r.accepted_name !== null,
    });
    return {
      id: r.id,
      projectType: r.project_type,
      city: r.city,
      zipCode: r.zip_code,
      createdAt: r.created_at,
      status,
      statusText: REQUEST_STATUS_WORDS[status],
      contractors: r.contractors,
      responses: r.responses,
      quotes: r.quotes,
      acceptedName: r.accepted_name,
      unread: r.unread,
    };
  });
}
