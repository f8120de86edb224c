import { ROUTE_TABLE, openApiService, resolveService } from '../src/routes';

describe('gateway route table', () => {
  it.each([
    ['/users/email', 'content'],
    ['/users', 'content'],
    ['/users/abc/make-admin', 'content'],
    ['/admin/overview', 'content'],
    ['/lessons', 'content'],
    ['/avaters', 'content'],
    ['/avater/kid@example.com', 'content'],
    ['/review', 'content'],
    ['/registrations', 'content'],
    ['/quiz-results', 'quiz'],
    ['/standings/123', 'quiz'],
    ['/quiz-results/progress', 'quiz'],
    ['/quiz-results/lesson-1/review', 'quiz'],
    ['/practice-results', 'quiz'],
    ['/daily-review', 'quiz'],
    ['/daily-review/answers', 'quiz'],
    ['/gems/kid@example.com/deduct', 'gems'],
    ['/redemptions', 'gifts'],
    ['/redemptions/abc/delivery', 'gifts'],
    ['/Gift.json', 'gifts'],
    ['/family/children', 'content'],
    ['/family/parent', 'content'],
    ['/family/invitations/tok', 'content'],
    ['/family/children/link-1', 'content'],
    ['/family/children/link-1/export', 'content'],
    ['/family/children/link-1/consent', 'content'],
    ['/family/children/link-1/learning', 'quiz'],
    ['/family/children/link-1/gems', 'gems'],
    ['/family/children/link-1/redemptions', 'gifts'],
    ['/family/redemptions/r1/approval', 'gifts'],
    ['/family/redemptions/r1/decline', 'gifts'],
  ])('when the path is %s, then it goes to the %s service', (path, service) => {
    expect(resolveService(path)).toBe(service);
  });

  it('when a path only shares a prefix with a route, then it matches no service', () => {
    expect(resolveService('/usersx')).toBeUndefined();
    expect(resolveService('/lessons-old')).toBeUndefined();
    expect(resolveService('/daily-reviews')).toBeUndefined();
    expect(resolveService('/familyx')).toBeUndefined();
    expect(resolveService('/')).toBeUndefined();
  });

  it('when "/avater/x" is asked, then the singular route matches, not "/avaters"', () => {
    expect(resolveService('/avater/x')).toBe('content');
    expect(ROUTE_TABLE.filter((route) => '/avater/x'.startsWith(`${route.prefix}/`))).toHaveLength(1);
  });

  it('when an OpenAPI document is asked by service name, then only known services resolve', () => {
    expect(openApiService('/openapi/quiz.json')).toBe('quiz');
    expect(openApiService('/openapi/secrets.json')).toBeUndefined();
    expect(openApiService('/openapi/quiz.yaml')).toBeUndefined();
  });
});
