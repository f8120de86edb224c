<#import "template.ftl" as layout>
<#-- Information pages: email verified, password updated, action links from emails. -->
<@layout.registrationLayout displayMessage=false; section>
    <#if section = "header">
        <#if messageHeader??>
            ${kcSanitize(msg("${messageHeader}"))?no_esc}
        <#else>
            ${msg("kidslearnInfoTitle")}
        </#if>
    <#elseif section = "form">
        <div id="kc-info-message">
            <div class="kl-illustration kl-illustration--success" aria-hidden="true">&#9733;</div>
            <p class="kl-lead">${message.summary}<#if requiredActions??><#list requiredActions>: <b><#items as reqActionItem>${kcSanitize(msg("requiredAction.${reqActionItem}"))?no_esc}<#sep>, </#items></b></#list></#if></p>
            <#-- A verification link opened where no sign-in is under way (another browser, the mail app):
                 the child goes on to the portal's login, not to Keycloak's account console. -->
            <#assign emailVerifiedPage = messageHeader?? && (msg(messageHeader) == msg("emailVerifiedMessageHeader"))>
            <#if emailVerifiedPage && !(pageRedirectUri?has_content)>
                <a id="kl-verified-login" class="kl-btn kl-btn--primary kl-btn--block" href="${properties.kidslearnPortalUrl!''}${properties.kidslearnLoginPath!'/authentication'}">${msg("doLogIn")}</a>
            <#elseif !skipLink??>
                <#if pageRedirectUri?has_content>
                    <a class="kl-btn kl-btn--primary kl-btn--block" href="${pageRedirectUri}">${msg("backToApplication")}</a>
                <#elseif actionUri?has_content>
                    <a class="kl-btn kl-btn--primary kl-btn--block" href="${actionUri}">${msg("proceedWithAction")}</a>
                <#elseif (client.baseUrl)?has_content>
                    <a class="kl-btn kl-btn--primary kl-btn--block" href="${client.baseUrl}">${msg("backToApplication")}</a>
                <#else>
                    <a class="kl-btn kl-btn--primary kl-btn--block" href="${properties.kidslearnPortalUrl!'/'}">${msg("backToApplication")}</a>
                </#if>
            </#if>
        </div>
    </#if>
</@layout.registrationLayout>
