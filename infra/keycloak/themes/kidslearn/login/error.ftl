<#import "template.ftl" as layout>
<@layout.registrationLayout displayMessage=false; section>
    <#if section = "header">
        ${kcSanitize(msg("errorTitle"))?no_esc}
    <#elseif section = "form">
        <div id="kc-error-message">
            <div class="kl-illustration kl-illustration--oops" aria-hidden="true">?</div>
            <p class="kl-lead">${kcSanitize(message.summary)?no_esc}</p>
            <#if traceId??>
                <p class="kl-help" id="traceId">${msg("traceIdSupportMessage", traceId)}</p>
            </#if>
            <#if !skipLink??>
                <#if client?? && client.baseUrl?has_content>
                    <a id="backToApplication" class="kl-btn kl-btn--primary kl-btn--block" href="${client.baseUrl}">${msg("backToApplication")}</a>
                <#else>
                    <a id="backToApplication" class="kl-btn kl-btn--primary kl-btn--block" href="${properties.kidslearnPortalUrl!'/'}">${msg("backToApplication")}</a>
                </#if>
            </#if>
        </div>
    </#if>
</@layout.registrationLayout>
