#!/usr/bin/env python3
"""Makes a big perf.data file from a small one, for the scale table of docs/loading-performance.md.

Usage: bench/replicate-samples.py IN OUT COPIES   (COPIES may be a fraction: 0.1 keeps the first tenth)

OUT holds IN's records once (COMM, MMAP, ...) and its SAMPLE and FINISHED_ROUND records COPIES times, each copy
shifted in time by the span of IN, so a 100k-sample frame-pointer recording becomes one of 10M samples with the
same stacks, symbols and rate. Only files with one attribute (or several with the same sample_type) and a
sample TIME field are handled. The feature sections are copied after the new data section.
"""
import struct
import sys

PERF_RECORD_SAMPLE = 9
PERF_RECORD_FINISHED_ROUND = 68
SAMPLE_IDENTIFIER, SAMPLE_IP, SAMPLE_TID, SAMPLE_TIME = 1 << 16, 1 << 0, 1 << 1, 1 << 2


def time_offset(sample_type):
    offset = 8  # perf_event_header
    for bit in (SAMPLE_IDENTIFIER, SAMPLE_IP, SAMPLE_TID):
        if sample_type & bit:
            offset += 8
    return offset


def main():
    src, dst, factor = sys.argv[1], sys.argv[2], float(sys.argv[3])
    with open(src, "rb") as f:
        blob = f.read()
    magic, hsize, attr_size = struct.unpack_from("<8sQQ", blob, 0)
    assert magic == b"PERFILE2", "not a perf.data file"
    attrs_off, attrs_size, data_off, data_size = struct.unpack_from("<QQQQ", blob, 24)
    sample_types = {struct.unpack_from("<Q", blob, attrs_off + i * attr_size + 24)[0]
                    for i in range(attrs_size // attr_size)}
    assert len(sample_types) == 1 and next(iter(sample_types)) & SAMPLE_TIME, "needs one sample_type with TIME"
    toff = time_offset(next(iter(sample_types)))

    once, repeated, times = [], [], []
    pos, end = data_off, data_off + data_size
    while pos + 8 <= end:
        rtype, _misc, size = struct.unpack_from("<IHH", blob, pos)
        if size == 0:
            break
        record = blob[pos:pos + size]
        if rtype == PERF_RECORD_SAMPLE:
            times.append(struct.unpack_from("<Q", record, toff)[0])
            repeated.append(record)
        elif rtype == PERF_RECORD_FINISHED_ROUND:
            repeated.append(record)
        else:
            once.append(record)
        pos += size
    span = max(times) - min(times) + 1000
    copies = max(1, int(factor))
    if factor < 1:  # the first part of the samples only
        keep, kept = int(len(times) * factor), 0
        for i, record in enumerate(repeated):
            kept += struct.unpack_from("<I", record, 0)[0] == PERF_RECORD_SAMPLE
            if kept > keep:
                repeated = repeated[:i]
                break
        times = times[:keep]

    feature_start = data_off + data_size
    features = bytearray(blob[feature_start:])
    # The repeated records in one buffer; their time fields are 8-byte aligned (records are), so each copy
    # shifts them through a view of 64-bit words.
    block = bytearray(b"".join(repeated))
    words = memoryview(block).cast("Q")
    time_words, pos = [], 0
    for record in repeated:
        if struct.unpack_from("<I", record, 0)[0] == PERF_RECORD_SAMPLE:
            assert (pos + toff) % 8 == 0
            time_words.append((pos + toff) // 8)
        pos += len(record)
    with open(dst, "wb") as out:
        out.write(blob[:data_off])
        out.write(b"".join(once))
        for copy in range(copies):
            if copy:
                for i in time_words:
                    words[i] += span
            out.write(block)
        new_data_size = out.tell() - data_off
        delta = new_data_size - data_size
        # The feature sections' table (one perf_file_section per set bit) lies at the start of the features.
        bits = int.from_bytes(blob[72:104], "little")
        for i in range(bin(bits).count("1")):
            offset, size = struct.unpack_from("<QQ", features, i * 16)
            struct.pack_into("<QQ", features, i * 16, offset + delta, size)
        out.write(features)
        out.seek(48)
        out.write(struct.pack("<Q", new_data_size))
    print(f"{dst}: {len(times) * copies} samples, {new_data_size >> 20} MiB of records")


if __name__ == "__main__":
    main()
