// The learner-data route (export), kept beside the main document so it stays a one-line addition there.
export const learnerDataPaths = {
  '/learner-data/{email}': {
    get: {
      summary: "Everything quiz holds about a learner (the learner or an admin), for the learner's export; internal (not routed by the gateway)",
      security: [{ bearer: [] }],
      parameters: [{ name: 'email', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: '{ service, attempts, bests, displayName, practice, dailyReviews, reviewSchedule }' }, '400': { description: 'Bad email' }, '401': { description: 'Not signed in' }, '403': { description: 'Not yours' } },
    },
  },
};
