<#import "template.ftl" as layout>
<#import "password-field.ftl" as pw>
<#-- The 'Welcome back' screen of SPEC §2, in its order: fields, forgot link, Login, registration link, OR, Google.
     Registration is the portal's own form (not Keycloak's), so its link is always shown. -->
<@layout.registrationLayout displayMessage=!messagesPerField.existsError('username','password') displayInfo=false; section>
    <#if section = "header">
        ${msg("loginAccountTitle")}
    <#elseif section = "form">
        <#assign hasError = messagesPerField.existsError('username','password')>
        <#if realm.password>
            <form id="kc-form-login" class="${properties.kcFormClass!}" action="${url.loginAction}" method="post" data-disable-on-submit data-password-rule="${msg('kidslearnPasswordRule')}" novalidate>
                <#if !usernameHidden??>
                    <div class="${properties.kcFormGroupClass!}">
                        <label for="username" class="${properties.kcLabelClass!}"><#if !realm.loginWithEmailAllowed>${msg("username")}<#elseif !realm.registrationEmailAsUsername>${msg("usernameOrEmail")}<#else>${msg("email")}</#if></label>
                        <input id="username" name="username" type="text" class="${properties.kcInputClass!}" value="${(login.username!'')}"
                               inputmode="email" autocapitalize="none" spellcheck="false" autocomplete="username" autofocus dir="ltr"
                               placeholder="${msg('kidslearnEmailPlaceholder')}"
                               <#if hasError>aria-invalid="true" aria-describedby="input-error"</#if> />
                    </div>
                </#if>

                <div class="${properties.kcFormGroupClass!}">
                    <label for="password" class="${properties.kcLabelClass!}">${msg("password")}</label>
                    <@pw.input id="password" name="password" autocomplete="current-password" invalid=hasError describedBy=hasError?then('input-error','') />
                </div>

                <#if hasError>
                    <@pw.errorLine id="input-error" text=messagesPerField.getFirstError('username','password') />
                </#if>

                <div class="kl-row">
                    <#if realm.rememberMe && !usernameHidden??>
                        <label class="kl-check">
                            <input id="rememberMe" name="rememberMe" type="checkbox" class="kl-checkbox" <#if login.rememberMe??>checked</#if>>
                            <span>${msg("rememberMe")}</span>
                        </label>
                    </#if>
                    <#if realm.resetPasswordAllowed>
                        <a id="kc-forgot-password" class="kl-link kl-link--push" href="${url.loginResetCredentialsUrl}">${msg("doForgotPassword")}</a>
                    </#if>
                </div>

                <input type="hidden" id="id-hidden-input" name="credentialId" <#if auth.selectedCredential?has_content>value="${auth.selectedCredential}"</#if>/>
                <button id="kc-login" name="login" type="submit" class="${properties.kcButtonClass!} ${properties.kcButtonPrimaryClass!} ${properties.kcButtonBlockClass!}">${msg("doLogIn")}</button>
            </form>
        </#if>
        <p id="kc-registration" class="kl-info__text">
            ${msg("noAccount")}
            <a class="kl-link" href="${properties.kidslearnPortalUrl!''}${properties.kidslearnRegistrationPath!''}">${msg("doRegister")}</a>
        </p>
    <#elseif section = "socialProviders">
        <#if social?? && social.providers?has_content>
            <div id="kc-social-providers" class="${properties.kcFormSocialAccountSectionClass!}">
                <#if realm.password>
                    <div class="kl-divider" role="separator"><span>${msg("kidslearnOr")}</span></div>
                </#if>
                <ul class="${properties.kcFormSocialAccountListClass!}">
                    <#list social.providers as p>
                        <li>
                            <a id="social-${p.alias}" class="${properties.kcFormSocialAccountListButtonClass!}" href="${p.loginUrl}">
                                <#if p.alias = "google">
                                    <svg class="kl-social__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                                        <circle cx="12" cy="12" r="8" fill="none" stroke="#EA4335" stroke-width="4" stroke-dasharray="13 50.3" transform="rotate(-150 12 12)"/>
                                        <circle cx="12" cy="12" r="8" fill="none" stroke="#FBBC05" stroke-width="4" stroke-dasharray="9 50.3" transform="rotate(-240 12 12)"/>
                                        <circle cx="12" cy="12" r="8" fill="none" stroke="#34A853" stroke-width="4" stroke-dasharray="14 50.3" transform="rotate(-310 12 12)"/>
                                        <circle cx="12" cy="12" r="8" fill="none" stroke="#4285F4" stroke-width="4" stroke-dasharray="7 50.3" transform="rotate(-20 12 12)"/>
                                        <rect x="12" y="10" width="9" height="4" fill="#4285F4"/>
                                    </svg>
                                    <span class="${properties.kcFormSocialAccountNameClass!}">${msg("kidslearnLoginWithGoogle")}</span>
                                <#else>
                                    <span class="${properties.kcFormSocialAccountNameClass!}">${msg("kidslearnLoginWith", p.displayName!p.alias)}</span>
                                </#if>
                            </a>
                        </li>
                    </#list>
                </ul>
            </div>
        </#if>
    </#if>
</@layout.registrationLayout>
