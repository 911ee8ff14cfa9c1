// The homeowner's inbox and the messages on a request (issue 25, Musts 4-6): the area's front door.
export { contractorCards } from './contractor-cards.ts';
export { homeownerRequests } from './homeowner-requests.ts';
export { boughtLeadOf, postContractorMessage, postHomeownerMessage } from './post-message.ts';
export { resolveRequest } from '../access/request-access.ts';
export { requestView } from './request-view.ts';
export { messageOfForm } from './read-message-form.ts';
