// @kidslearn/kit/platform: the platform contract and the hooks every app uses to reach it.
export { PlatformProvider, usePlatform, useFeedback } from './PlatformProvider';
export { useCurrentUser, roleOf, type CurrentUser, type Role } from './useCurrentUser';
export { useSessionStatus } from './session-status';
export { useGemBalance, clampGems, type GemBalance } from './gem-balance';
export { usePrivatePicture, isPrivatePicture } from './private-picture';
export { injectAreaEndpoints, type AreaEndpointBuilder } from './area-endpoints';
export { createGatewayApi, cacheSeconds, tagTypes, type TagType, type PortalUser, type NewUserRecord, type GemsAnswer, type GatewayApi } from './gateway-api';
export { createGatewayBaseQuery, refusesSession, type GatewayBaseQuery, type GatewayExtraOptions, type GatewayQueryDeps } from './base-query';
export { createStore, type AppStore, type AppDispatch, type RootState } from './store';
export { sessionSlice, signedIn, signedOut, type SessionState, type SessionUser } from './session-slice';
export { createRemoteLifecycles, type LazyStyles } from './remote-lifecycles';
export { defineArea, createArea, ownBaseUrl, type AreaDefinition, type AreaContextValue, type AreaOptions } from './area';
export { TOAST_MS, SUCCESS_ALERT_MS, type Feedback, type FeedbackIcon, type AlertOptions, type ConfirmOptions, type ToastOptions } from './feedback';
export type { AuthClient } from './auth-client';
export type { Platform, PlatformConfig, RemoteProps } from './types';
