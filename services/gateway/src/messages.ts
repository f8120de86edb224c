/** Every message the gateway itself answers with. */
export const messages = {
  notFound: 'The requested resource was not found.',
  malformedPath: 'The address is not valid (it has a broken % escape).',
  corsRejected: 'This origin is not allowed to call the KidsLearn API.',
  serviceUnavailable: (service: string) => `The ${service} service is not available right now. Please try again.`,
};
