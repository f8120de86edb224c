// keycloak-js's silent check-sso lands here in a hidden frame and hands the answer to the portal page.
// A file, not an inline script: the page's Content-Security-Policy runs scripts from this origin only.
parent.postMessage(location.href, location.origin);
