// Optional comfort for /partner/complete-claim (the page works without it): the code is upper-cased as it is
// typed, 'Look Up Claim' is disabled while the field is empty, and buttons show their pending label once pressed.
;(function () {
  var code = document.getElementById('code')
  var lookup = document.querySelector('[data-lookup-form] button[type=submit]')
  function sync() {
    if (!code || !lookup) return
    var start = code.selectionStart
    var end = code.selectionEnd
    code.value = code.value.toUpperCase()
    if (start !== null) code.setSelectionRange(start, end)
    lookup.disabled = code.value.trim() === ''
  }
  if (code) {
    code.addEventListener('input', sync)
    sync()
  }
  document.querySelectorAll('form').forEach(function (form) {
    form.addEventListener('submit', function () {
      var button = form.querySelector('button[data-pending-label]')
      if (!button) return
      // Disabled after the submit has started, so the button's own value is still sent.
      setTimeout(function () {
        button.textContent = button.getAttribute('data-pending-label')
        button.disabled = true
      }, 0)
    })
  })
})()
