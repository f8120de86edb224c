import { useFamilyApi, type FamilyChild } from '../../api/family-api';
import { statusOf } from '../../domain/server-error';

/**
 * The signed-in parent's children. A 404 is an empty list, not an error (a parent with no link yet, or a server
 * that does not offer the list yet); `list` is undefined while loading or after a failure.
 */
export function useChildren() {
  const query = useFamilyApi().useFamilyChildrenQuery();
  const notOffered = query.isError && statusOf(query.error) === 404;
  const list: FamilyChild[] | undefined = query.isSuccess ? query.data : notOffered ? [] : undefined;
  return { list, isLoading: query.isLoading, failed: query.isError && !notOffered, refetch: query.refetch };
}
