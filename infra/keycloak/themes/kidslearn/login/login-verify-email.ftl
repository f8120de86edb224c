<#import "template.ftl" as layout>
<#-- Shown when an unverified learner logs in: the warning line reads 'Please verify your email before logging in.'
     (verifyEmailMessage), and the mail with the link has just been sent. -->
<@layout.registrationLayout displayInfo=true; section>
    <#if section = "header">
        ${msg("emailVerifyTitle")}
    <#elseif section = "form">
        <div class="kl-illustration" aria-hidden="true">&#9993;</div>
        <p class="kl-lead">
            <#if verifyEmail??>
                ${msg("emailVerifyInstruction1", verifyEmail)}
            <#else>
                ${msg("emailVerifyInstruction4", user.email)}
            </#if>
        </p>
        <#if isAppInitiatedAction??>
            <form id="kc-verify-email-form" class="${properties.kcFormClass!}" action="${url.loginAction}" method="post">
                <div class="kl-buttons">
                    <#if verifyEmail??>
                        <button type="submit" class="${properties.kcButtonClass!} ${properties.kcButtonDefaultClass!} ${properties.kcButtonBlockClass!}">${msg("emailVerifyResend")}</button>
                    <#else>
                        <button type="submit" class="${properties.kcButtonClass!} ${properties.kcButtonPrimaryClass!} ${properties.kcButtonBlockClass!}">${msg("emailVerifySend")}</button>
                    </#if>
                    <button type="submit" name="cancel-aia" value="true" formnovalidate class="${properties.kcButtonClass!} ${properties.kcButtonDefaultClass!} ${properties.kcButtonBlockClass!}">${msg("doCancel")}</button>
                </div>
            </form>
        </#if>
    <#elseif section = "info">
        <#if !isAppInitiatedAction??>
            <p class="kl-info__text">
                ${msg("emailVerifyInstruction2")}
                <a id="kc-resend-verification" class="kl-link" href="${url.loginAction}">${msg("kidslearnResendLink")}</a>
            </p>
            <p class="kl-info__text">
                <a class="kl-link" href="${url.loginRestartFlowUrl}">${msg("backToLogin")}</a>
            </p>
        </#if>
    </#if>
</@layout.registrationLayout>
