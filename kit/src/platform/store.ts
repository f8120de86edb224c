import { combineSlices, configureStore, type Slice } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { sessionSlice } from './session-slice';
import type { GatewayApi } from './gateway-api';

export function createStore(api: GatewayApi) {
  // Remotes add their own slices later through `injectSlice` (combineSlices injection).
  const rootReducer = combineSlices(sessionSlice, api).withLazyLoadedSlices<Record<string, unknown>>();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  const injectSlice = <S extends Slice>(slice: S) => {
    const injected = slice.injectInto(rootReducer);
    store.dispatch({ type: 'platform/sliceInjected', payload: slice.reducerPath });
    return injected;
  };
  return { store, injectSlice };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
