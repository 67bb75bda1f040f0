#include "WindowFit.h"

#include <QLabel>
#include <QLayout>
#include <QWidget>

namespace WindowFit {

namespace {
const char *const Marked = "windowFitMinimumHeight"; // a minimum height set here, not by the window
}

void growToFit(QWidget *window)
{
    QLayout *layout = window ? window->layout() : nullptr;
    if (!layout || !window->isVisible())
        return;
    const QList<QLabel *> labels = window->findChildren<QLabel *>();
    // What this did for an earlier text goes first: a shorter one needs less.
    for (QLabel *label : labels) {
        if (label->property(Marked).toBool()) {
            label->setMinimumHeight(0);
            label->setProperty(Marked, false);
        }
    }
    layout->activate();
    // Some layouts (QWizard's own) give a wrapped label the height of its size hint, not of its
    // text at the width it got: such a label keeps that height as its minimum.
    bool marked = false;
    for (QLabel *label : labels) {
        if (!label->wordWrap() || !label->isVisibleTo(window) || label->text().isEmpty())
            continue;
        const int needed = label->heightForWidth(label->width());
        if (needed > label->height()) {
            label->setMinimumHeight(needed);
            label->setProperty(Marked, true);
            marked = true;
        }
    }
    if (marked)
        layout->activate();
    const int needed
        = layout->hasHeightForWidth() ? layout->totalHeightForWidth(window->width()) : layout->totalSizeHint().height();
    if (needed > window->height())
        window->resize(window->width(), needed);
}

} // namespace WindowFit
