(function () {
  try {
    var root = document.documentElement;
    var lang = localStorage.getItem('language') === 'en' ? 'en' : 'ar';
    root.lang = lang;
    root.dir = lang === 'ar' ? 'rtl' : 'ltr';
    var theme = localStorage.getItem('theme');
    var dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    /* storage blocked: keep the Arabic, light defaults */
  }
})();
