<#ftl output_format="plainText">
${msg("kidslearnResetHeading")}

<#if (user.firstName)?has_content>${msg("kidslearnHello", user.firstName)}<#else>${msg("kidslearnHelloThere")}</#if>

${msg("kidslearnResetIntro")}

${msg("kidslearnResetButton")}: ${link}

${msg("kidslearnLinkExpires", linkExpirationFormatter(linkExpiration))}

${msg("kidslearnResetIgnore")}

-- 
${msg("kidslearnMailFooter")}
