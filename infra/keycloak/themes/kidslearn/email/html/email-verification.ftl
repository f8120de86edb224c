<#import "template.ftl" as layout>
<@layout.emailLayout preheader=msg("kidslearnVerifyPreheader")>
<h1 style="margin:0 0 16px;font-size:26px;line-height:1.25;color:#1F2340;">${msg("kidslearnVerifyHeading")}</h1>
<p style="margin:0 0 12px;"><#if (user.firstName)?has_content>${msg("kidslearnHello", user.firstName)}<#else>${msg("kidslearnHelloThere")}</#if></p>
<p style="margin:0;">${msg("kidslearnVerifyIntro")}</p>
<@layout.button href=link text=msg("kidslearnVerifyButton") />
<p style="margin:0 0 16px;background:#FFF4D6;border-radius:14px;padding:12px 16px;">&#9200; ${msg("kidslearnLinkExpires", linkExpirationFormatter(linkExpiration))}</p>
<@layout.fallbackLink href=link />
<p style="margin:0;color:#4A4F6E;">${msg("kidslearnVerifyIgnore")}</p>
</@layout.emailLayout>
