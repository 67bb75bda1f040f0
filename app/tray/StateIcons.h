#pragma once

#include <QIcon>
#include <QList>
#include <QString>

// The tray's state icons (resources/icons/tray-*.svg) as the PNGs drawn from them at build time
// (icons/DrawStateIcons.cpp), at :/icons/<name>-<px>.png. A QIcon from an SVG file loads Qt SVG
// and its icon engine plugin, about 0.4 MiB of an idle tray that shows one icon (docs/performance.md).
class StateIcons
{
public:
    // "tray-ready": scaled down from the smallest drawn size at least as large as asked for.
    static QIcon icon(const QString &name);
    // The sizes drawn, in device pixels, smallest first.
    static QList<int> drawnSizes();
    static QString drawnPath(const QString &name, int px);
};
