<#-- KidsLearn mail layout: a 600px table (works in old mail clients), inline styles, an HTML wordmark logo. -->
<#macro emailLayout preheader="">
<!DOCTYPE html>
<html lang="${locale.language}" dir="${(ltr)?then('ltr','rtl')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>KidsLearn</title>
</head>
<body style="margin:0;padding:0;background:#FFF8EC;font-family:Nunito,'Segoe UI',Roboto,sans-serif;color:#1F2340;">
<div style="display:none;max-height:0;overflow:hidden;">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#FFF8EC;">
  <tr>
    <td align="center" style="padding:32px 12px;">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
        <tr>
          <td align="center" style="padding:0 0 20px;">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0">
              <tr>
                <td width="48" height="48" align="center" valign="middle" style="background:#6C3CE1;border-radius:16px;color:#FFB703;font-size:30px;line-height:48px;">&#9733;</td>
                <td style="padding-left:12px;font-size:30px;font-weight:800;line-height:48px;"><span style="color:#6C3CE1;">Kids</span><span style="color:#2A9D8F;">Learn</span></td>
              </tr>
            </table>
          </td>
        </tr>
        <tr>
          <td style="background:#FFFFFF;border:3px solid #EFE8FF;border-radius:28px;padding:32px 24px;font-size:17px;line-height:1.6;">
            <#nested>
          </td>
        </tr>
        <tr>
          <td align="center" style="padding:20px 12px 0;font-size:13px;line-height:1.5;color:#4A4F6E;">
            ${msg("kidslearnMailFooter")}
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>
</#macro>

<#-- A big friendly button (a link styled as a button; every mail client shows links). -->
<#macro button href text>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:28px auto;">
  <tr>
    <td align="center" style="background:#6C3CE1;border-radius:999px;border-bottom:5px solid #5428C4;">
      <a href="${href}" style="display:inline-block;padding:16px 36px;color:#FFFFFF;font-size:18px;font-weight:800;text-decoration:none;border-radius:999px;">${text}</a>
    </td>
  </tr>
</table>
</#macro>

<#-- The same link as text, for people whose mail app hides buttons. -->
<#macro fallbackLink href>
<p style="margin:0 0 16px;font-size:13px;color:#4A4F6E;">${msg("kidslearnMailLinkFallback")}<br><a href="${href}" style="color:#6C3CE1;word-break:break-all;font-size:12px;">${href}</a></p>
</#macro>
