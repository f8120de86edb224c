<#import "template.ftl" as layout>
<#-- Sent by the backend through the admin API (execute-actions-email), e.g. VERIFY_EMAIL after registration. -->
<#assign isVerify = (requiredActions?? && requiredActions?size == 1 && requiredActions[0] == "VERIFY_EMAIL")>
<#assign actionsText><#if requiredActions??><#list requiredActions as a>${msg("requiredAction.${a}")}<#sep>, </#list></#if></#assign>
<@layout.emailLayout preheader=isVerify?then(msg("kidslearnVerifyPreheader"), msg("kidslearnActionsPreheader"))>
<h1 style="margin:0 0 16px;font-size:26px;line-height:1.25;color:#1F2340;">${isVerify?then(msg("kidslearnVerifyHeading"), msg("kidslearnActionsHeading"))}</h1>
<p style="margin:0 0 12px;"><#if (user.firstName)?has_content>${msg("kidslearnHello", user.firstName)}<#else>${msg("kidslearnHelloThere")}</#if></p>
<p style="margin:0;">${isVerify?then(msg("kidslearnVerifyIntro"), msg("kidslearnActionsIntro", actionsText))}</p>
<@layout.button href=link text=isVerify?then(msg("kidslearnVerifyButton"), msg("kidslearnActionsButton")) />
<p style="margin:0 0 16px;background:#FFF4D6;border-radius:14px;padding:12px 16px;">&#9200; ${msg("kidslearnLinkExpires", linkExpirationFormatter(linkExpiration))}</p>
<@layout.fallbackLink href=link />
<p style="margin:0;color:#4A4F6E;">${msg("kidslearnVerifyIgnore")}</p>
</@layout.emailLayout>
