// SPDX-License-Identifier: MIT
// What the Quantize dialog's tests share: the demo FP32 model (resources/demo) and choosing a combo box entry by its
// data.
#pragma once

#include <quantscope/engine/model_loader.h>

#include <QComboBox>
#include <QString>

#include <memory>

namespace qs::test {

inline const QString kDemoFp32 = QStringLiteral(QS_DEMO_DIR "/demo_fp32.onnx");

inline std::shared_ptr<const Model> loadDemo()
{
    auto m = loadModel(kDemoFp32.toStdString());
    return m ? *m : nullptr;
}

inline void select(QComboBox* box, int data)
{
    box->setCurrentIndex(box->findData(data));
}

} // namespace qs::test
