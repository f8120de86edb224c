<#ftl output_format="plainText">
<#assign isVerify = (requiredActions?? && requiredActions?size == 1 && requiredActions[0] == "VERIFY_EMAIL")>
<#assign actionsText><#if requiredActions??><#list requiredActions as a>${msg("requiredAction.${a}")}<#sep>, </#list></#if></#assign>
${isVerify?then(msg("kidslearnVerifyHeading"), msg("kidslearnActionsHeading"))}

<#if (user.firstName)?has_content>${msg("kidslearnHello", user.firstName)}<#else>${msg("kidslearnHelloThere")}</#if>

${isVerify?then(msg("kidslearnVerifyIntro"), msg("kidslearnActionsIntro", actionsText))}

${isVerify?then(msg("kidslearnVerifyButton"), msg("kidslearnActionsButton"))}: ${link}

${msg("kidslearnLinkExpires", linkExpirationFormatter(linkExpiration))}

${msg("kidslearnVerifyIgnore")}

-- 
${msg("kidslearnMailFooter")}
