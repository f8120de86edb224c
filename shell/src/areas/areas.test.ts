import { accessTo, createAreas, viewerOf } from './areas';
import { defaultManifest } from '../test/test-platform';
import type { ViewerRole } from '../config/manifest-schema';

const areas = createAreas(defaultManifest());

describe('the areas of the default manifest (SPEC §2, §6)', () => {
  it.each([
    ['/', 'mfe_public'],
    ['/course-details', 'mfe_public'],
    ['/premium', 'mfe_public'],
    ['/Premium', 'mfe_public'],
    ['/about/', 'mfe_public'],
    ['/forbidden', 'mfe_public'],
    ['/authentication/registration', 'mfe_public'],
    ['/my-classes', 'mfe_learning'],
    ['/standings', 'mfe_learning'],
    ['/games', 'mfe_learning'],
    ['/gift', 'mfe_rewards'],
    ['/avater', 'mfe_rewards'],
    ['/dashboard', 'mfe_admin'],
    ['/dashboard/my-users', 'mfe_admin'],
    ['/family', 'mfe_family'],
    ['/authentication', undefined],
    ['/nowhere', undefined],
    ['/dashboardx', undefined],
  ])('when the path is %s, then it belongs to %s', (path, area) => {
    expect(areas.pageFor(path)?.area.name).toBe(area);
  });

  it('when a visitor, a learner or a parent looks, then the menu is the SPEC’s in its order (a parent’s ends with Family)', () => {
    const spec = ['Course Details', 'My Classes', 'Avatar', 'Premium', 'Standings', 'Games', 'Gift'];
    expect(areas.menuFor('visitor').map((item) => item.label)).toEqual(spec);
    expect(areas.menuFor(undefined).map((item) => item.label)).toEqual(spec);
    expect(areas.menuFor('learner').map((item) => item.label)).toEqual(spec);
    expect(areas.menuFor('parent').map((item) => item.label)).toEqual([...spec, 'Family']);
    expect(areas.menuFor('learner').map((item) => item.to)).toEqual(['/course-details', '/my-classes', '/avater', '/Premium', '/standings', '/games', '/gift']);
  });

  it('when an admin looks, then the menu is only Dashboard', () => {
    expect(areas.menuFor('admin')).toEqual([{ to: '/dashboard', label: 'Dashboard' }]);
  });

  const access = (path: string, viewer: ViewerRole | undefined) => accessTo(areas.pageFor(path)!, viewer);

  it.each<[string, Record<ViewerRole, string>]>([
    ['/', { visitor: 'open', learner: 'open', admin: 'open', parent: 'open' }],
    ['/my-classes', { visitor: 'sign-in', learner: 'open', admin: 'forbidden', parent: 'forbidden' }],
    ['/gift', { visitor: 'sign-in', learner: 'open', admin: 'forbidden', parent: 'forbidden' }],
    ['/dashboard/reviews', { visitor: 'forbidden', learner: 'forbidden', admin: 'open', parent: 'forbidden' }],
    ['/family', { visitor: 'sign-in', learner: 'forbidden', admin: 'forbidden', parent: 'open' }],
  ])('when %s is opened, then each role gets what SPEC §6 and the family rules say', (path, expected) => {
    expect({ visitor: access(path, 'visitor'), learner: access(path, 'learner'), admin: access(path, 'admin'), parent: access(path, 'parent') }).toEqual(expected);
  });

  it('when the viewer is not known yet, then a guarded page waits and a page open to everyone opens', () => {
    expect(access('/gift', undefined)).toBe('wait');
    expect(access('/dashboard', undefined)).toBe('wait');
    expect(access('/about', undefined)).toBe('open');
  });

  it('when the session is checked or the role not loaded, then the viewer is unknown; a user is a learner', () => {
    expect(viewerOf('loading', undefined)).toBeUndefined();
    expect(viewerOf('authenticated', undefined)).toBeUndefined();
    expect(viewerOf('anonymous', undefined)).toBe('visitor');
    expect(viewerOf('authenticated', 'user')).toBe('learner');
    expect(viewerOf('authenticated', 'parent')).toBe('parent');
  });
});

describe('an area that only the manifest knows', () => {
  it('when config.json gains an area, then its pages, roles and menu entry follow with no code change', () => {
    const manifest = defaultManifest();
    const withTutors = createAreas({
      areas: [...manifest.areas, { name: 'mfe_tutors', entry: '/mfe/tutors/remoteEntry.js', roles: ['admin', 'parent'], routes: [{ path: '/tutors', subPaths: true }], menu: [{ label: 'Tutors', path: '/tutors', order: 15, roles: ['parent'] }] }],
    });
    expect(withTutors.pageFor('/tutors/maths')?.area.name).toBe('mfe_tutors');
    expect(accessTo(withTutors.pageFor('/tutors')!, 'parent')).toBe('open');
    expect(accessTo(withTutors.pageFor('/tutors')!, 'visitor')).toBe('sign-in');
    expect(withTutors.menuFor('parent').map((item) => item.label).slice(0, 3)).toEqual(['Course Details', 'Tutors', 'My Classes']);
  });

  it('when config.json has no family area, then a parent’s menu has no Family entry', () => {
    const withoutFamily = createAreas({ areas: defaultManifest().areas.filter((area) => area.name !== 'mfe_family') });
    expect(withoutFamily.menuFor('parent').map((item) => item.label)).not.toContain('Family');
    expect(withoutFamily.pageFor('/family')).toBeUndefined();
  });
});
