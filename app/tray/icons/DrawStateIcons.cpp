// checkfu-draw-state-icons OUTDIR SIZES SVG...: each state icon (resources/icons/tray-*.svg) drawn
// once at build time, by the same renderer the Qt SVG icon engine uses, as OUTDIR/<name>-<px>.png
// for each px of SIZES ("16,20,…"). The tray shows these PNGs (StateIcons), so an idle tray loads
// neither Qt SVG nor its icon engine plugin (docs/performance.md).
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QStringList>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() < 4) {
        std::fprintf(stderr, "usage: checkfu-draw-state-icons OUTDIR SIZES SVG...\n");
        return 2;
    }
    const QDir out(arguments.at(1));
    QList<int> sizes;
    for (const QString &size : arguments.at(2).split(QLatin1Char(','))) {
        bool ok = false;
        sizes.append(size.toInt(&ok));
        if (!ok || sizes.last() <= 0) {
            std::fprintf(stderr, "checkfu-draw-state-icons: %s is not a size in pixels\n", qPrintable(size));
            return 2;
        }
    }
    for (const QString &svg : arguments.mid(3)) {
        QSvgRenderer renderer(svg);
        if (!renderer.isValid()) {
            std::fprintf(stderr, "checkfu-draw-state-icons: %s is not a valid SVG\n", qPrintable(svg));
            return 1;
        }
        for (int px : sizes) {
            // As QSvgIconEngine draws a pixmap: premultiplied ARGB, transparent, the view box filling it.
            QImage image(px, px, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QPainter painter(&image);
            renderer.render(&painter, QRectF(0, 0, px, px));
            painter.end();
            const QString png
                = out.filePath(QStringLiteral("%1-%2.png").arg(QFileInfo(svg).completeBaseName()).arg(px));
            if (!image.save(png, "PNG")) {
                std::fprintf(stderr, "checkfu-draw-state-icons: cannot write %s\n", qPrintable(png));
                return 1;
            }
        }
    }
    return 0;
}
