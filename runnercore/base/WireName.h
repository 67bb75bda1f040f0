#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>
#include <span>

namespace runnercore {

// One row of an enum's name table: the value and how the protocol spells it.
template <typename E> struct WireNameRow
{
    E value;
    const char *name;
};

// Specialised next to each enum that travels on the wire, with one table (in its .cpp) naming every
// value exactly once: static std::span<const WireNameRow<E>> rows();
template <typename E> struct WireNames;

// The protocol's spelling of value.
template <typename E> QLatin1String wireName(E value)
{
    for (const WireNameRow<E> &row : WireNames<E>::rows()) {
        if (row.value == value)
            return QLatin1String(row.name);
    }
    return {};
}

// The value text names, or nullopt for a name this Runner does not know.
template <typename E> std::optional<E> fromWireName(QStringView text)
{
    for (const WireNameRow<E> &row : WireNames<E>::rows()) {
        if (text == QLatin1String(row.name))
            return row.value;
    }
    return std::nullopt;
}

// Every value of the table, in its order.
template <typename E> QList<E> wireValues()
{
    QList<E> values;
    for (const WireNameRow<E> &row : WireNames<E>::rows())
        values.append(row.value);
    return values;
}

// A value as the server sent it: known to this Runner or not, its text always kept verbatim (so a
// value from a newer server is refused or reported by its own name, never lost).
template <typename E> class WireValue
{
public:
    WireValue() = default;
    WireValue(E value) // NOLINT(google-explicit-constructor): spec.network = NetworkPolicy::None
        : m_value(value), m_text(wireName(value))
    { }
    static WireValue fromWire(const QString &text)
    {
        WireValue parsed;
        parsed.m_value = fromWireName<E>(text);
        parsed.m_text = text;
        return parsed;
    }

    std::optional<E> value() const { return m_value; }
    bool isKnown() const { return m_value.has_value(); }
    const QString &text() const { return m_text; }

    friend bool operator==(const WireValue &a, E b) { return a.m_value == b; }

private:
    std::optional<E> m_value;
    QString m_text;
};

} // namespace runnercore
