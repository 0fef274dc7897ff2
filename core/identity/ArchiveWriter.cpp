#include "identity/ArchiveWriter.h"

#include "base/Cancellation.h"
#include "base/Error.h"
#include "base/UniqueFd.h"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <vector>

namespace perfglass {

namespace {

struct EntryDeleter {
    void operator()(archive_entry *entry) const { archive_entry_free(entry); }
};

} // namespace

void ArchiveWriter::Deleter::operator()(archive *handle) const {
    archive_write_free(handle);
}

ArchiveWriter::ArchiveWriter(std::string path)
    : path_(std::move(path))
    , temporary_(path_ + ".partial")
    , archive_(archive_write_new()) {
    if (!archive_) throw Error("libarchive: out of memory");
    archive_write_add_filter_bzip2(archive_.get());
    archive_write_set_format_pax_restricted(archive_.get());
    if (archive_write_open_filename(archive_.get(), temporary_.c_str()) != ARCHIVE_OK) {
        const char *text = archive_error_string(archive_.get());
        throw Error(temporary_ + ": " + (text ? text : "cannot be written"));
    }
}

ArchiveWriter::ArchiveWriter(MeasureOnly)
    : archive_(archive_write_new()) {
    if (!archive_) throw Error("libarchive: out of memory");
    archive_write_add_filter_bzip2(archive_.get());
    archive_write_set_format_pax_restricted(archive_.get());
    archive_write_set_bytes_in_last_block(archive_.get(), 1);
    const auto count = [](archive *, void *counter, const void *, size_t size) -> la_ssize_t {
        *static_cast<uint64_t *>(counter) += size;
        return static_cast<la_ssize_t>(size);
    };
    if (archive_write_open2(archive_.get(), &measured_, nullptr, count, nullptr, nullptr) != ARCHIVE_OK)
        throw Error(std::string("libarchive: ") + archive_error_string(archive_.get()));
}

ArchiveWriter::~ArchiveWriter() {
    if (!finished_ && !temporary_.empty()) {
        archive_.reset();
        ::unlink(temporary_.c_str());
    }
}

void ArchiveWriter::writeHeader(const std::string &member, unsigned type, unsigned perm, int64_t size,
                                const std::string &link) {
    std::unique_ptr<archive_entry, EntryDeleter> entry(archive_entry_new());
    archive_entry_copy_pathname(entry.get(), member.c_str());
    archive_entry_set_filetype(entry.get(), type);
    archive_entry_set_perm(entry.get(), perm);
    archive_entry_set_size(entry.get(), size);
    archive_entry_set_mtime(entry.get(), std::time(nullptr), 0);
    if (!link.empty()) archive_entry_copy_symlink(entry.get(), link.c_str());
    if (archive_write_header(archive_.get(), entry.get()) != ARCHIVE_OK)
        throw Error(path_ + ": " + member + ": " + archive_error_string(archive_.get()));
}

void ArchiveWriter::writeData(const std::string &member, const void *data, size_t size) {
    if (size > 0 && archive_write_data(archive_.get(), data, size) != static_cast<la_ssize_t>(size))
        throw Error(path_ + ": " + member + ": " + archive_error_string(archive_.get()));
}

void ArchiveWriter::addDirectory(const std::string &member) {
    writeHeader(member, AE_IFDIR, 0755, 0);
}

void ArchiveWriter::addSymlink(const std::string &member, const std::string &target) {
    writeHeader(member, AE_IFLNK, 0777, 0, target);
}

void ArchiveWriter::addBytes(const std::string &member, std::span<const uint8_t> bytes, bool executable) {
    writeHeader(member, AE_IFREG, executable ? 0755 : 0644, static_cast<int64_t>(bytes.size()));
    writeData(member, bytes.data(), bytes.size());
}

void ArchiveWriter::addFile(const std::string &member, const std::string &sourcePath, std::stop_token stop) {
    const UniqueFd fd(::open(sourcePath.c_str(), O_RDONLY | O_CLOEXEC));
    struct stat status {};
    if (!fd.valid() || ::fstat(fd.get(), &status) != 0) throw Error(systemErrorMessage(sourcePath, errno));
    writeHeader(member, AE_IFREG, (status.st_mode & 0111) ? 0755 : 0644, status.st_size);
    std::vector<uint8_t> buffer(1 << 20);
    int64_t left = status.st_size;
    while (left > 0) {
        throwIfCancelled(stop);
        const ssize_t got = ::read(fd.get(), buffer.data(), std::min<int64_t>(left, buffer.size()));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw Error(systemErrorMessage(sourcePath, errno));
        if (got == 0) throw Error(sourcePath + ": the file shrank while it was archived");
        writeData(member, buffer.data(), static_cast<size_t>(got));
        left -= got;
    }
}

uint64_t ArchiveWriter::finish() {
    if (archive_write_close(archive_.get()) != ARCHIVE_OK)
        throw Error(temporary_ + ": " + archive_error_string(archive_.get()));
    finished_ = true;
    if (temporary_.empty()) return measured_;
    if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary_.c_str());
        throw Error(systemErrorMessage(path_, error));
    }
    struct stat status {};
    return ::stat(path_.c_str(), &status) == 0 ? static_cast<uint64_t>(status.st_size) : 0;
}

} // namespace perfglass
