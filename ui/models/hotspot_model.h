// SPDX-License-Identifier: MIT
// The slowest nodes or op types of a profile, as a table for the Hotspots panel (sorted and filtered by a proxy).
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/profile_report.h>

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace qs::ui {

class HotspotModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Mode
    {
        Nodes,
        OpTypes
    };
    enum Column
    {
        NameColumn, ///< the node's name, or the op type in OpTypes mode
        DetailColumn, ///< the node's op type, or the number of nodes of the type
        TimeColumn,
        ShareColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, ///< the raw number (time, share, count) or the text
        NodeIdRole ///< the node a row selects in the graph (an op type's slowest node); -1 when none
    };

    using QAbstractTableModel::QAbstractTableModel;

    void setProfile(std::shared_ptr<const ProfileReport> profile);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString name;
        QString detail;
        double detailNumber = 0; ///< node count of an op type, for sorting
        double meanMs = 0;
        double share = 0;
        NodeId node = kNoNode;
    };
    void rebuild();

    std::shared_ptr<const ProfileReport> m_profile;
    Mode m_mode = Mode::Nodes;
    std::vector<Row> m_rows;
};

} // namespace qs::ui
