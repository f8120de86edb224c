<#-- A password input with an accessible show/hide toggle (behaviour in resources/js/kidslearn.js). -->
<#macro input id name autocomplete describedBy="" invalid=false autofocus=false>
    <div class="${properties.kcInputGroup!}" dir="ltr">
        <input id="${id}" name="${name}" type="password" class="${properties.kcInputClass!}" autocomplete="${autocomplete}"
               <#if autofocus>autofocus</#if>
               <#if invalid>aria-invalid="true"</#if>
               <#if describedBy?has_content>aria-describedby="${describedBy}"</#if> />
        <button type="button" class="${properties.kcFormPasswordVisibilityButtonClass!}" data-password-toggle
                aria-controls="${id}" aria-pressed="false" aria-label="${msg('showPassword')}"
                data-label-show="${msg('showPassword')}" data-label-hide="${msg('hidePassword')}">
            <svg class="kl-toggle__show" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>
                <circle cx="12" cy="12" r="3.2" fill="currentColor"/>
            </svg>
            <svg class="kl-toggle__hide" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>
                <circle cx="12" cy="12" r="3.2" fill="currentColor"/>
                <path d="M4 20 20 4" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>
            </svg>
        </button>
    </div>
</#macro>

<#-- The inline red error line under a form. -->
<#macro errorLine id text>
    <p id="${id}" class="${properties.kcInputErrorMessageClass!}" role="alert">
        <span class="kl-error__icon" aria-hidden="true">!</span>
        <span class="kl-error__text">${kcSanitize(text)?no_esc}</span>
    </p>
</#macro>
