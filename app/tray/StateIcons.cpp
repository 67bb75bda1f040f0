#include "StateIcons.h"

#include <QIconEngine>
#include <QImageReader>
#include <QPainter>

namespace {

// Picks the PNG for each request; an icon of that one pixmap (Qt's pixmap engine) scales it and
// draws the disabled and selected modes. Nothing is loaded before a pixmap is asked for, and
// availableSizes() stays empty as the SVG engine's did, so the tray host and the window manager
// get the sizes they got before (16 and 32 px; 16 to 128 px).
class StateIconEngine : public QIconEngine
{
public:
    explicit StateIconEngine(const QString &name) : m_name(name) { }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        const int px = qMax(size.width(), size.height());
        const QList<int> sizes = StateIcons::drawnSizes();
        int drawn = sizes.last();
        for (int candidate : sizes) {
            if (candidate >= px) {
                drawn = candidate;
                break;
            }
        }
        // Read as PNG and nothing else: a reader left to detect the format asks every image format
        // plugin first, and loads them all (Qt SVG with one of them).
        QImageReader reader(StateIcons::drawnPath(m_name, drawn), "png");
        reader.setAutoDetectImageFormat(false);
        QImage image = reader.read();
        // Larger than the largest drawn: scaled up, as the SVG engine gave every size asked for.
        if (image.width() < px)
            image = image.scaled(size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        // The requested size is in device pixels already.
        return QIcon(QPixmap::fromImage(image)).pixmap(size, 1.0, mode, state);
    }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal dpr = painter->device() ? painter->device()->devicePixelRatio() : 1.0;
        QPixmap drawn = pixmap((QSizeF(rect.size()) * dpr).toSize(), mode, state);
        drawn.setDevicePixelRatio(dpr);
        painter->drawPixmap(rect, drawn);
    }

    QIconEngine *clone() const override { return new StateIconEngine(m_name); }
    QString key() const override { return QStringLiteral("checkfu-state-icon"); }

private:
    QString m_name;
};

} // namespace

QIcon StateIcons::icon(const QString &name)
{
    return QIcon(new StateIconEngine(name));
}

QList<int> StateIcons::drawnSizes()
{
    // STATE_ICON_SIZES in CMakeLists.txt: the tray's 16 to 24 px at scales 1 to 1.5, the window
    // icon's 16 to 128, the wizard's 48 at up to 3x and larger; each request is scaled down by less
    // than a third.
    return { CHECKFU_STATE_ICON_SIZES };
}

QString StateIcons::drawnPath(const QString &name, int px)
{
    return QStringLiteral(":/icons/%1-%2.png").arg(name).arg(px);
}
