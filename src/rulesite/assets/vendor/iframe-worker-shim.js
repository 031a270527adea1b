/*! iframe-worker shim (c) Martin Donath, MIT (iframe-worker-LICENSE), changed for
 * the site's Content Security Policy: the frame gets its globals and its script
 * from here through DOM calls (no inline script, no document.write), the script's
 * URL through the page's Trusted Types policy; messages and errors go to the
 * object's listeners directly (no window.onmessage/onerror of the page taken). */
"use strict";
(() => {
  // The worker's script, and the scripts it imports, loaded into the frame in order.
  function load(frame, urls) {
    return urls.reduce(
      (done, url) =>
        done.then(
          () =>
            new Promise((resolve, reject) => {
              const script = frame.document.createElement("script");
              const policy = window.trustedTypes && window.trustedTypes.defaultPolicy;
              script.src = policy ? policy.createScriptURL(String(url)) : url;
              script.onload = resolve;
              script.onerror = reject;
              frame.document.body.appendChild(script);
            })
        ),
      Promise.resolve()
    );
  }

  class IFrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.url = url;
      // What the worker posts or throws, told to this object's listeners (as a Worker does).
      this.m = (data) => {
        const event = new MessageEvent("message", { data });
        this.dispatchEvent(event);
        if (this.onmessage) this.onmessage(event);
      };
      this.e = (error) => {
        const event = new ErrorEvent("error", { message: `${error}`, filename: `${this.url}`, error });
        this.dispatchEvent(event);
        if (this.onerror) this.onerror(event);
      };
      const iframe = document.createElement("iframe");
      iframe.hidden = true;
      document.body.appendChild((this.iframe = iframe));
      const frame = this.w;
      // The worker's globals, made here: its messages are copied and arrive later, as a worker's.
      frame.postMessage = (data) => {
        const copy = structuredClone(data);
        setTimeout(() => this.m(copy));
      };
      frame.importScripts = (...urls) => load(frame, urls);
      frame.addEventListener("error", ({ error }) => this.e(error));
      this.r = load(frame, [`${url}?${+Date.now()}`]);
    }
    terminate() {
      this.iframe.remove();
    }
    postMessage(data) {
      this.r.catch().then(() => {
        this.w.dispatchEvent(new MessageEvent("message", structuredClone({ data })));
      });
    }
    get w() {
      return this.iframe.contentWindow;
    }
  }
  window.IFrameWorker = IFrameWorker;
  if (location.protocol === "file:") window.Worker = IFrameWorker;
})();
