/* global document */
// Prebuilt pages cannot know who is signed in. When the signed_in hint cookie is there, the
// bottom tabs' Account opens /profile (never /auth, which sends a signed-in visitor home), and
// the server is asked for the user, to swap the Sign In links for the account menu (template in
// the header).
(function () {
  if (!/(?:^|; )signed_in=1/.test(document.cookie)) return;
  var tabs = document.querySelectorAll('[data-account-tab]');
  var accountTab = function (href) {
    tabs.forEach(function (a) {
      a.setAttribute('href', href);
    });
  };
  accountTab('/profile');
  fetch('/api/auth/session', { credentials: 'same-origin' })
    .then(function (r) {
      return r.ok ? r.json() : null;
    })
    .then(function (data) {
      var box = document.querySelector('.site-header .account');
      var template = document.getElementById('account-menu');
      if (!box || !template || !data) return;
      var user = data.user;
      if (!user) {
        document.cookie = 'signed_in=; Max-Age=0; path=/';
        accountTab('/auth');
        return;
      }
      var menu = template.content.cloneNode(true);
      menu.querySelectorAll('[data-field="email"]').forEach(function (el) {
        el.textContent = user.email;
      });
      // accountLabel in src/domain/format.ts: admin wins over contractor; no role is a homeowner.
      menu.querySelector('[data-field="label"]').textContent =
        user.roles.indexOf('admin') >= 0
          ? 'Admin'
          : user.roles.indexOf('contractor') >= 0
            ? 'Contractor'
            : 'Homeowner';
      menu.querySelectorAll('[data-role]').forEach(function (el) {
        if (user.roles.indexOf(el.getAttribute('data-role')) < 0) el.remove();
      });
      box.replaceChildren(menu);
    })
    .catch(function () {});
})();
