<#-- KidsLearn page layout: every login-theme page (ours and the base ones we keep) renders through this macro. -->
<#macro registrationLayout bodyClass="" displayInfo=false displayMessage=true displayRequiredFields=false>
<!DOCTYPE html>
<html class="${properties.kcHtmlClass!}" lang="${lang}">
<head>
    <meta charset="utf-8">
    <#if properties.meta?has_content>
        <#list properties.meta?split(' ') as meta>
            <meta name="${meta?split('==')[0]}" content="${meta?split('==')[1]}"/>
        </#list>
    </#if>
    <meta name="robots" content="noindex, nofollow">
    <title>${msg("kidslearnPageTitle")}</title>
    <link rel="icon" type="image/svg+xml" href="${url.resourcesPath}/img/favicon.svg" />
    <#if properties.styles?has_content>
        <#list properties.styles?split(' ') as style>
            <link href="${url.resourcesPath}/${style}" rel="stylesheet" />
        </#list>
    </#if>
    <script src="${url.resourcesPath}/js/kidslearn.js" type="module"></script>
    <#if scripts??>
        <#list scripts as script>
            <script src="${script}" type="text/javascript"></script>
        </#list>
    </#if>
    <#-- Keycloak's own helpers (from the base theme): reload when the user logs in from another tab. -->
    <script type="module">
        <#outputformat "JavaScript">
        import { startSessionPolling } from ${(url.resourcesPath + "/js/authChecker.js")?c};
        startSessionPolling(${url.ssoLoginInOtherTabsUrl?c});
        </#outputformat>
    </script>
    <#if authenticationSession??>
        <script type="module">
            <#outputformat "JavaScript">
            import { checkAuthSession } from ${(url.resourcesPath + "/js/authChecker.js")?c};
            checkAuthSession(${authenticationSession.authSessionIdHash?c});
            </#outputformat>
        </script>
    </#if>
</head>

<body class="${properties.kcBodyClass!} ${bodyClass}" data-page-id="login-${pageId}">
<div class="kl-page">
<div class="kl-shell">
    <aside class="kl-hero" aria-hidden="true">
        <div class="kl-hero__bubbles">
            <span class="kl-bubble kl-bubble--yellow">+</span>
            <span class="kl-bubble kl-bubble--teal">3</span>
            <span class="kl-bubble kl-bubble--white">&#9733;</span>
            <span class="kl-bubble kl-bubble--yellow kl-bubble--small">&#215;</span>
            <span class="kl-bubble kl-bubble--teal kl-bubble--small">7</span>
        </div>
        <p class="kl-hero__title">${msg("kidslearnHeroTitle")}</p>
        <p class="kl-hero__text">${msg("kidslearnHeroText")}</p>
        <div class="kl-hero__sum"><span>2</span><span>+</span><span>5</span><span>=</span><span class="kl-hero__answer">7</span></div>
    </aside>

    <main class="kl-card" id="kc-content">
        <a class="kl-brand" href="${properties.kidslearnPortalUrl!'/'}">
            <img src="${url.resourcesPath}/img/logo.svg" alt="${msg('kidslearnLogoAlt')}" width="198" height="48" />
        </a>

        <header class="kl-card__header">
            <#if !(auth?has_content && auth.showUsername() && !auth.showResetCredentials())>
                <h1 id="kc-page-title" class="kl-title"><#nested "header"></h1>
            <#else>
                <#nested "show-username">
                <h1 id="kc-page-title" class="kl-title"><#nested "header"></h1>
                <div id="kc-username" class="kl-username">
                    <span id="kc-attempted-username">${auth.attemptedUsername}</span>
                    <a id="reset-login" class="kl-link" href="${url.loginRestartFlowUrl}">${msg("kidslearnNotYou")}</a>
                </div>
            </#if>
        </header>

        <#-- App-initiated actions should not see warnings about the action they are completing. -->
        <#if displayMessage && message?has_content && (message.type != 'warning' || !isAppInitiatedAction??)>
            <div class="${properties.kcAlertClass!} kl-alert--${message.type}" role="<#if message.type = 'error'>alert<#else>status</#if>">
                <span class="kl-alert__icon" aria-hidden="true"><#if message.type = 'success'>&#10003;<#elseif message.type = 'error'>!<#else>i</#if></span>
                <span class="${properties.kcAlertTitleClass!}">${kcSanitize(message.summary)?no_esc}</span>
            </div>
        </#if>

        <#nested "form">

        <#if auth?has_content && auth.showTryAnotherWayLink()>
            <form id="kc-select-try-another-way-form" action="${url.loginAction}" method="post">
                <input type="hidden" name="tryAnotherWay" value="on"/>
                <button type="submit" class="kl-btn kl-btn--link">${msg("doTryAnotherWay")}</button>
            </form>
        </#if>

        <#nested "socialProviders">

        <#if displayInfo>
            <div id="kc-info" class="${properties.kcSignUpClass!}">
                <#nested "info">
            </div>
        </#if>
    </main>
</div>
</div>
</body>
</html>
</#macro>
