#include "WindowFit.h"

#include <QLabel>
#include <QLayout>
#include <QWidget>

namespace WindowFit {

namespace {
const char *const Marked = "windowFitMinimumHeight"; // a minimum height set here, not by the window

QLayout *layoutOf(QWidget *window)
{
    if (window->layout())
        return window->layout();
    // QWizard lays itself out on an inner widget that fills it.
    for (QWidget *inner : window->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (inner->layout() && inner->geometry() == window->rect())
            return inner->layout();
    }
    return nullptr;
}
} // namespace

void growToFit(QWidget *window)
{
    QLayout *layout = window ? layoutOf(window) : nullptr;
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
            // A container may cap its height at what a shorter text needed (QWizard's header keeps
            // room for two subtitle lines of a Latin font): it grows to what its layout needs now.
            for (QWidget *box = label->parentWidget(); box && box != window; box = box->parentWidget()) {
                const int boxNeeds = box->layout() ? box->layout()->totalSizeHint().height() : 0;
                if (box->maximumHeight() < boxNeeds)
                    box->setMaximumHeight(boxNeeds);
            }
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
