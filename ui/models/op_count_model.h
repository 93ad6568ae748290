// SPDX-License-Identifier: MIT
// Operator counts by type for one model or an FP32/quantized pair (with the change between them).
#pragma once

#include "workers/loaded_model.h"

#include <QAbstractTableModel>

#include <vector>

namespace qs::ui {

class OpCountModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        OpTypeColumn,
        CategoryColumn,
        CountColumn,
        PairCountColumn,
        ChangeColumn
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        CategoryRole,
        IsBoundaryRole
    };

    using QAbstractTableModel::QAbstractTableModel;

    void setResult(const LoadResult& result);
    bool isPair() const { return m_pair; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    struct Row
    {
        QString opType; ///< qualified ("Conv", "com.microsoft.QGemm")
        NodeCategory category = NodeCategory::FloatCompute;
        int count = 0; ///< in the primary (float) model
        int pairCount = 0; ///< in the quantized model of a pair
    };
    const std::vector<Row>& rows() const { return m_rows; }
    int totalCount() const { return m_total; }
    int totalPairCount() const { return m_pairTotal; }

private:
    std::vector<Row> m_rows;
    bool m_pair = false;
    int m_total = 0;
    int m_pairTotal = 0;
    QString m_primaryName;
    QString m_pairName;
};

} // namespace qs::ui
