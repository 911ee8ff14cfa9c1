// The homeowner's inbox and the messages on a request (issue 25, Musts 4-6): the area's front door.
export {
  acceptedContact,
  contractorCards,
  type ContractorCard,
  type ContractorContact,
} from './contractor-cards.ts';
export { contractorThread } from './contractor-thread.ts';
export { homeownerRequests, type RequestListItem } from './homeowner-requests.ts';
export { EMPTY_STATE, handleInboxForm, settleRequestPage, type InboxFormState } from './inbox-forms.ts';
export { joinVerifiedRequests } from './join-verified-requests.ts';
export {
  boughtLeadOf,
  postContractorMessage,
  postHomeownerMessage,
  type PostedMessage,
} from './post-message.ts';
export { resolveRequest, type RequestAccess } from './request-access.ts';
export { requestView, type RequestView } from './request-view.ts';
export { markThreadRead, threadOf, threadsOf, type ThreadMessage } from './threads.ts';
export { readMessageForm } from './read-message-form.ts';
