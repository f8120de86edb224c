<#import "template.ftl" as layout>
<#import "password-field.ftl" as pw>
<#-- New password after a reset link; policy errors use the SPEC §5 sentence (messages_en.properties). -->
<@layout.registrationLayout displayMessage=!messagesPerField.existsError('password','password-confirm'); section>
    <#if section = "header">
        ${msg("updatePasswordTitle")}
    <#elseif section = "form">
        <p class="kl-lead">${msg("kidslearnPasswordHint")}</p>
        <form id="kc-passwd-update-form" class="${properties.kcFormClass!}" action="${url.loginAction}" method="post" data-disable-on-submit>
            <div class="${properties.kcFormGroupClass!}">
                <label for="password-new" class="${properties.kcLabelClass!}">${msg("passwordNew")}</label>
                <@pw.input id="password-new" name="password-new" autocomplete="new-password" autofocus=true
                    invalid=messagesPerField.existsError('password') describedBy=messagesPerField.existsError('password')?then('input-error-password','') />
            </div>
            <#if messagesPerField.existsError('password')>
                <@pw.errorLine id="input-error-password" text=messagesPerField.get('password') />
            </#if>

            <div class="${properties.kcFormGroupClass!}">
                <label for="password-confirm" class="${properties.kcLabelClass!}">${msg("passwordConfirm")}</label>
                <@pw.input id="password-confirm" name="password-confirm" autocomplete="new-password"
                    invalid=messagesPerField.existsError('password-confirm') describedBy=messagesPerField.existsError('password-confirm')?then('input-error-password-confirm','') />
            </div>
            <#if messagesPerField.existsError('password-confirm')>
                <@pw.errorLine id="input-error-password-confirm" text=messagesPerField.get('password-confirm') />
            </#if>

            <label class="kl-check">
                <input type="checkbox" id="logout-sessions" name="logout-sessions" value="on" class="kl-checkbox">
                <span>${msg("logoutOtherSessions")}</span>
            </label>

            <div class="kl-buttons">
                <button name="login" type="submit" class="${properties.kcButtonClass!} ${properties.kcButtonPrimaryClass!} ${properties.kcButtonBlockClass!}">${msg("kidslearnSavePassword")}</button>
                <#if isAppInitiatedAction??>
                    <button type="submit" name="cancel-aia" value="true" class="${properties.kcButtonClass!} ${properties.kcButtonDefaultClass!} ${properties.kcButtonBlockClass!}">${msg("doCancel")}</button>
                </#if>
            </div>
        </form>
    </#if>
</@layout.registrationLayout>
