// The script entry points (PLUGINS.md §2–4: map_v3.js, summary.js, summary-text.js) are this one file,
// filled in by the server: the page sets its configuration global (__CONFIG__), then loads the
// script from the map host; the script loads the plugin's modules from the same host and starts it.
// A plugin with a global API (map_v3.js: YatmoSearch) has it at once: calls made before the modules
// arrive wait for them.
(function () {
    'use strict';
    var src = new URL(document.currentScript.src);
    var prefix = /^\/([A-Za-z]{2})\//.exec(src.pathname);
    var methods = __METHODS__;
    var queued = [];
    if ('__GLOBAL__' && !window['__GLOBAL__']) {
        var waiting = {};
        methods.forEach(function (name) {
            waiting[name] = function () {
                var args = arguments;
                return new Promise(function (resolve, reject) { queued.push({name: name, args: args, resolve: resolve, reject: reject}); });
            };
        });
        window['__GLOBAL__'] = waiting;
    }
    import(src.origin + '/plugins/__QUARTIER_PLUGINS_VERSION__/pages/__MODULE__.js').then(function (module) {
        return module.start({base: src.origin, pathCountry: prefix ? prefix[1].toUpperCase() : null, config: window['__CONFIG__'] || {}});
    }).then(function (api) {
        if (!'__GLOBAL__') return;
        window['__GLOBAL__'] = api;
        queued.forEach(function (call) {
            Promise.resolve().then(function () { return api[call.name].apply(api, call.args); }).then(call.resolve, call.reject);
        });
    }).catch(function (err) {
        console.error('quartier __ENTRY__: ' + (err && err.message));
        queued.forEach(function (call) { call.reject(err); });
    });
})();
