// note: jsdom lacks the pointer-capture and scrolling calls Radix Select and Toast make on
// pointer events; import this file from a test that clicks them.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
