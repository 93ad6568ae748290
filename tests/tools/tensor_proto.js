// SPDX-License-Identifier: MIT
// Reading and writing onnx.TensorProto files (test_data_set_*/input_N.pb) from Node without protobuf, for the tools
// that run models with onnxruntime-node.
'use strict';
const fs = require('fs');

// onnx.TensorProto fields used here: dims (1), data_type (2), name (8), raw_data (9).
const kTypes = {
  1: ['float32', Float32Array], 2: ['uint8', Uint8Array], 3: ['int8', Int8Array], 4: ['uint16', Uint16Array],
  5: ['int16', Int16Array], 6: ['int32', Int32Array], 7: ['int64', BigInt64Array], 9: ['bool', Uint8Array],
  11: ['float64', Float64Array],
};
const kTypeIds = { float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, bool: 9, float64: 11 };

function readTensorProto(file) {
  const buf = fs.readFileSync(file);
  let pos = 0;
  const varint = () => {
    let result = 0, mul = 1;
    for (;;) {
      const b = buf[pos++];
      result += (b & 0x7f) * mul;
      if (!(b & 0x80)) return result;
      mul *= 128;
    }
  };
  const t = { dims: [], dataType: 0, name: '', raw: Buffer.alloc(0) };
  while (pos < buf.length) {
    const key = varint();
    const field = Math.floor(key / 8), wire = key & 7;
    if (wire === 0) {
      const v = varint();
      if (field === 1) t.dims.push(v);
      else if (field === 2) t.dataType = v;
    } else if (wire === 2) {
      const len = varint();
      const bytes = buf.subarray(pos, pos + len);
      if (field === 1) {
        // Packed dims: a run of varints.
        for (let q = 0; q < bytes.length;) {
          let r = 0, m = 1;
          for (;;) { const b = bytes[q++]; r += (b & 0x7f) * m; if (!(b & 0x80)) break; m *= 128; }
          t.dims.push(r);
        }
      }
      else if (field === 8) t.name = bytes.toString('utf8');
      else if (field === 9) t.raw = Buffer.from(bytes);
      pos += len;
    } else if (wire === 5) pos += 4;
    else if (wire === 1) pos += 8;
    else throw new Error(`${file}: unsupported wire type ${wire}`);
  }
  if (!kTypes[t.dataType]) throw new Error(`${file}: element type ${t.dataType} not handled`);
  return t;
}

function encodeVarint(v) {
  const out = [];
  while (v >= 0x80) { out.push((v % 128) | 0x80); v = Math.floor(v / 128); }
  out.push(v);
  return Buffer.from(out);
}

function writeTensorProto(file, name, tensor) {
  const parts = [];
  for (const d of tensor.dims) parts.push(Buffer.from([0x08]), encodeVarint(d));
  parts.push(Buffer.from([0x10]), encodeVarint(kTypeIds[tensor.type]));
  const nameBytes = Buffer.from(name, 'utf8');
  parts.push(Buffer.from([0x42]), encodeVarint(nameBytes.length), nameBytes);
  const data = tensor.data;
  const raw = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  parts.push(Buffer.from([0x4a]), encodeVarint(raw.length), raw);
  fs.writeFileSync(file, Buffer.concat(parts));
}

module.exports = { kTypes, readTensorProto, writeTensorProto };
