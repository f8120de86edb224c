<#ftl output_format="plainText">
${msg("kidslearnVerifyHeading")}

<#if (user.firstName)?has_content>${msg("kidslearnHello", user.firstName)}<#else>${msg("kidslearnHelloThere")}</#if>

${msg("kidslearnVerifyIntro")}

${msg("kidslearnVerifyButton")}: ${link}

${msg("kidslearnLinkExpires", linkExpirationFormatter(linkExpiration))}

${msg("kidslearnVerifyIgnore")}

-- 
${msg("kidslearnMailFooter")}
