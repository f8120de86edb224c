<#import "template.ftl" as layout>
<#import "password-field.ftl" as pw>
<#-- 'Forget Password?' (SPEC §5/§8): an empty email answers 'Enter your email' (missingUsernameMessage);
     after sending, Keycloak returns to the login page with emailSentMessage. -->
<@layout.registrationLayout displayInfo=false displayMessage=!messagesPerField.existsError('username'); section>
    <#if section = "header">
        ${msg("emailForgotTitle")}
    <#elseif section = "form">
        <p class="kl-lead">${msg("emailInstruction")}</p>
        <form id="kc-reset-password-form" class="${properties.kcFormClass!}" action="${url.loginAction}" method="post" data-disable-on-submit novalidate>
            <div class="${properties.kcFormGroupClass!}">
                <label for="username" class="${properties.kcLabelClass!}"><#if !realm.loginWithEmailAllowed>${msg("username")}<#elseif !realm.registrationEmailAsUsername>${msg("usernameOrEmail")}<#else>${msg("email")}</#if></label>
                <input id="username" name="username" type="text" class="${properties.kcInputClass!}" value="<#if !messagesPerField.existsError('username')>${(auth.attemptedUsername!'')}</#if>"
                       inputmode="email" autocapitalize="none" spellcheck="false" autocomplete="username" autofocus dir="ltr"
                       placeholder="${msg('kidslearnEmailPlaceholder')}"
                       <#if messagesPerField.existsError('username')>aria-invalid="true" aria-describedby="input-error-username"</#if> />
            </div>
            <#if messagesPerField.existsError('username')>
                <@pw.errorLine id="input-error-username" text=messagesPerField.get('username') />
            </#if>
            <button id="kc-reset-submit" type="submit" class="${properties.kcButtonClass!} ${properties.kcButtonPrimaryClass!} ${properties.kcButtonBlockClass!}">${msg("kidslearnSendResetLink")}</button>
        </form>
        <p class="kl-info__text">
            <a id="kc-back-to-login" class="kl-link" href="${url.loginUrl}">${msg("backToLogin")}</a>
        </p>
    </#if>
</@layout.registrationLayout>
