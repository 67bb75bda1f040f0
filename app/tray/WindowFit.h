#pragma once

class QWidget;

// Qt sizes a window for its word-wrapped labels once, when it first shows: a longer text later (a
// status message, a translation, another wizard page) is then cut off at the bottom. This grows the
// window, never shrinks it, to the height its layout needs at its current width.
namespace WindowFit {

void growToFit(QWidget *window);

} // namespace WindowFit
