#include "identity/ArchiveReader.h"

#include "base/Cancellation.h"
#include "base/Error.h"
#include "base/UniqueFd.h"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <cstring>
#include <filesystem>

namespace perfglass {

namespace fs = std::filesystem;

namespace {

std::string memberName(const std::string &member) {
    return "member \"" + member + "\"";
}

[[noreturn]] void refuse(const std::string &archive, const std::string &member, const std::string &why) {
    throw Error(archive + ": " + memberName(member) + ": " + why);
}

std::string gibibytes(uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / double(uint64_t{1} << 30));
    return text;
}

// The components of a member's path, without "." and empty ones; refuses absolute paths and "..".
std::vector<std::string> memberComponents(const std::string &archive, const std::string &member) {
    if (member.empty()) refuse(archive, member, "an empty path");
    if (member.front() == '/')
        refuse(archive, member, "an absolute path (members must stay inside the archive)");
    std::vector<std::string> parts;
    size_t begin = 0;
    while (begin <= member.size()) {
        size_t end = member.find('/', begin);
        if (end == std::string::npos) end = member.size();
        const std::string part = member.substr(begin, end - begin);
        if (part == "..")
            refuse(archive, member, "a \"..\" component (members must stay inside the archive)");
        if (!part.empty() && part != ".") parts.push_back(part);
        begin = end + 1;
    }
    return parts;
}

// A symbolic link stays inside the directory: relative, its ".." components only at its start (so they climb
// real directories, never through another link), and never above the directory.
void checkSymlink(const std::string &archive, const std::string &member, size_t depth, const char *target) {
    if (!target || !*target) refuse(archive, member, "a symbolic link without a target");
    const std::string text = target;
    if (text.front() == '/')
        refuse(archive, member,
               "a symbolic link to the absolute path \"" + text + "\" (outside the archive)");
    size_t up = 0;
    bool descended = false;
    size_t begin = 0;
    while (begin <= text.size()) {
        size_t end = text.find('/', begin);
        if (end == std::string::npos) end = text.size();
        const std::string_view part = std::string_view(text).substr(begin, end - begin);
        if (part == "..") {
            if (descended)
                refuse(archive, member, "a symbolic link with \"..\" after a name (\"" + text + "\")");
            ++up;
        } else if (!part.empty() && part != ".") {
            descended = true;
        }
        begin = end + 1;
    }
    if (up > depth)
        refuse(archive, member, "a symbolic link that leads outside the archive (\"" + text + "\")");
}

std::string fileTypeName(unsigned type) {
    switch (type) {
    case AE_IFCHR:
        return "a character device";
    case AE_IFBLK:
        return "a block device";
    case AE_IFIFO:
        return "a FIFO";
    case AE_IFSOCK:
        return "a socket";
    default:
        return "a member of unknown type";
    }
}

bool isInside(const fs::path &root, const fs::path &path) {
    const std::string rootText = root.string();
    const std::string text = path.string();
    return text == rootText ||
           (text.size() > rootText.size() && text.compare(0, rootText.size(), rootText) == 0 &&
            text[rootText.size()] == '/');
}

struct WriteDiskDeleter {
    void operator()(archive *handle) const { archive_write_free(handle); }
};
using DiskHandle = std::unique_ptr<archive, WriteDiskDeleter>;

struct EntryDeleter {
    void operator()(archive_entry *entry) const { archive_entry_free(entry); }
};
using EntryHandle = std::unique_ptr<archive_entry, EntryDeleter>;

// The member as it will be written: only its path, type, permissions (never set-id bits), size and link
// target, none of the archive's owners, times, ACLs, attributes or flags.
EntryHandle cleanEntry(const std::string &path, archive_entry *source) {
    EntryHandle entry(archive_entry_new());
    archive_entry_copy_pathname(entry.get(), path.c_str());
    const unsigned type = archive_entry_filetype(source);
    archive_entry_set_filetype(entry.get(), type);
    if (type == AE_IFDIR) {
        archive_entry_set_perm(entry.get(), 0755);
    } else if (type == AE_IFLNK) {
        archive_entry_set_perm(entry.get(), 0777);
        archive_entry_copy_symlink(entry.get(), archive_entry_symlink(source));
    } else {
        archive_entry_set_perm(entry.get(), (archive_entry_perm(source) & 0111) ? 0755 : 0644);
        archive_entry_set_size(entry.get(), archive_entry_size(source));
    }
    return entry;
}

class Extraction {
public:
    Extraction(archive *input, const std::string &name, uint64_t size, const fs::path &root,
               UnpackBudget &budget, const ArchiveReader::Progress &progress, const std::stop_token &stop)
        : input_(input)
        , name_(name)
        , size_(size)
        , root_(root)
        , budget_(budget)
        , progress_(progress)
        , stop_(stop)
        , disk_(archive_write_disk_new()) {
        archive_write_disk_set_options(disk_.get(), ARCHIVE_EXTRACT_SECURE_SYMLINKS |
                                                        ARCHIVE_EXTRACT_SECURE_NODOTDOT |
                                                        ARCHIVE_EXTRACT_NO_OVERWRITE);
    }

    ArchiveReader::Summary run() {
        archive_entry *entry = nullptr;
        for (;;) {
            throwIfCancelled(stop_);
            const int status = archive_read_next_header(input_, &entry);
            if (status == ARCHIVE_EOF) break;
            if (status < ARCHIVE_WARN)
                throw Error(name_ + ": " +
                            (lastMember_.empty() ? "" : "after " + memberName(lastMember_) + ": ") +
                            errorText(input_));
            extractMember(entry);
        }
        checkLinksStayInside();
        return summary_;
    }

private:
    static std::string errorText(archive *handle) {
        const char *text = archive_error_string(handle);
        return text ? text : "unreadable archive";
    }

    void extractMember(archive_entry *entry) {
        const char *pathname = archive_entry_pathname(entry);
        const std::string member = pathname ? pathname : "";
        if (member.empty())
            throw Error(name_ + ": a member without a name" +
                        (lastMember_.empty() ? std::string() : ", after " + memberName(lastMember_)));
        lastMember_ = member;
        const auto parts = memberComponents(name_, member);
        budget_.countMember(name_, member);
        if (parts.empty()) return; // "./": the directory itself
        if (archive_entry_hardlink(entry)) refuse(name_, member, "a hard link (not accepted in archives)");
        const unsigned type = archive_entry_filetype(entry);
        if (type != AE_IFREG && type != AE_IFDIR && type != AE_IFLNK)
            refuse(name_, member, fileTypeName(type));
        if (type == AE_IFLNK) checkSymlink(name_, member, parts.size() - 1, archive_entry_symlink(entry));
        fs::path target = root_;
        for (const auto &part : parts)
            target /= part;
        if (alreadyPresent(member, parts)) {
            ++summary_.kept; // an entry of a build-id cache is the same file whoever wrote it
            return;
        }
        if (type == AE_IFREG) {
            if (!archive_entry_size_is_set(entry))
                refuse(name_, member, "a file whose header declares no size");
            budget_.charge(name_, member, static_cast<uint64_t>(archive_entry_size(entry)));
        }
        write(entry, member, target);
        if (type == AE_IFLNK) links_.push_back({member, target});
        if (type == AE_IFREG) summary_.files.push_back(target.lexically_relative(root_).string());
        ++summary_.members;
    }

    // Whether the member's path exists under the root; refuses a path through anything but real directories.
    bool alreadyPresent(const std::string &member, const std::vector<std::string> &parts) const {
        fs::path path = root_;
        for (size_t i = 0; i < parts.size(); ++i) {
            path /= parts[i];
            struct stat status {};
            if (::lstat(path.c_str(), &status) != 0) return false;
            if (i + 1 < parts.size() && !S_ISDIR(status.st_mode))
                refuse(name_, member, "a path through \"" + parts[i] + "\", which is not a directory");
        }
        return true;
    }

    void write(archive_entry *entry, const std::string &member, const fs::path &target) {
        const EntryHandle clean = cleanEntry(target.string(), entry);
        if (archive_write_header(disk_.get(), clean.get()) != ARCHIVE_OK)
            refuse(name_, member, "cannot be written: " + errorText(disk_.get()));
        if (archive_entry_filetype(entry) == AE_IFREG) copyData(member, archive_entry_size(entry));
        if (archive_write_finish_entry(disk_.get()) != ARCHIVE_OK)
            refuse(name_, member, "cannot be written: " + errorText(disk_.get()));
    }

    void copyData(const std::string &member, int64_t declared) {
        const void *block = nullptr;
        size_t size = 0;
        la_int64_t offset = 0;
        for (;;) {
            throwIfCancelled(stop_);
            const int status = archive_read_data_block(input_, &block, &size, &offset);
            if (status == ARCHIVE_EOF) break;
            if (status < ARCHIVE_WARN) refuse(name_, member, errorText(input_));
            if (offset < 0 || static_cast<uint64_t>(offset) + size > static_cast<uint64_t>(declared))
                refuse(name_, member,
                       "more bytes than its header declares (" + std::to_string(declared) + ")");
            if (archive_write_data_block(disk_.get(), block, size, offset) < ARCHIVE_OK)
                refuse(name_, member, "cannot be written: " + errorText(disk_.get()));
            summary_.bytes += size;
            if (progress_) progress_(static_cast<uint64_t>(archive_filter_bytes(input_, -1)), size_);
        }
    }

    // A second guard after libarchive's and the rules above: every link written resolves inside the root.
    void checkLinksStayInside() const {
        for (const auto &[member, path] : links_) {
            std::error_code error;
            // The link's target from its directory: a dangling link is resolved as far as it exists.
            const fs::path target = path.parent_path() / fs::read_symlink(path, error);
            const fs::path resolved =
                error ? fs::path() : fs::weakly_canonical(target.lexically_normal(), error);
            if (error || !isInside(root_, resolved))
                refuse(name_, member, "a symbolic link that leads outside the archive");
        }
    }

    archive *input_;
    const std::string &name_;
    uint64_t size_;
    fs::path root_;
    UnpackBudget &budget_;
    const ArchiveReader::Progress &progress_;
    const std::stop_token &stop_;
    DiskHandle disk_;
    ArchiveReader::Summary summary_;
    std::vector<std::pair<std::string, fs::path>> links_;
    std::string lastMember_;
};

} // namespace

void UnpackBudget::charge(const std::string &archive, const std::string &member, uint64_t bytes) {
    unpacked_ += bytes;
    if (unpacked_ > limits_.maxTotalBytes)
        refuse(archive, member,
               "the archive unpacks to more than " + gibibytes(limits_.maxTotalBytes) +
                   " (the limit of unpacked bytes)");
    if (unpacked_ > limits_.ratioFreeBytes && unpacked_ / limits_.maxRatio > archiveBytes_)
        refuse(archive, member,
               "the archive unpacks to more than " + std::to_string(limits_.maxRatio) + " times its size (" +
                   std::to_string(unpacked_) + " bytes from " + std::to_string(archiveBytes_) +
                   "): refused as a decompression bomb");
}

void UnpackBudget::countMember(const std::string &archive, const std::string &member) {
    if (++members_ > limits_.maxMembers)
        refuse(archive, member,
               "the archive has more than " + std::to_string(limits_.maxMembers) + " members");
}

void ArchiveReader::Deleter::operator()(archive *handle) const {
    archive_read_free(handle);
}

ArchiveReader::ArchiveReader(Handle handle, std::string name, uint64_t size)
    : archive_(std::move(handle))
    , name_(std::move(name))
    , size_(size) {}

ArchiveReader::~ArchiveReader() = default;
ArchiveReader::ArchiveReader(ArchiveReader &&) noexcept = default;

ArchiveReader::Handle ArchiveReader::newReadHandle() {
    Handle handle(archive_read_new());
    if (!handle) throw Error("libarchive: out of memory");
    archive_read_support_filter_all(handle.get());
    archive_read_support_format_tar(handle.get());
    archive_read_support_format_gnutar(handle.get());
    return handle;
}

ArchiveReader ArchiveReader::openFile(const std::string &path) {
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0) throw Error(systemErrorMessage(path, errno));
    if (!S_ISREG(status.st_mode)) throw Error(path + ": not a regular file");
    Handle handle = newReadHandle();
    if (archive_read_open_filename(handle.get(), path.c_str(), 1 << 16) != ARCHIVE_OK) {
        const char *text = archive_error_string(handle.get());
        throw Error(path + ": not an archive (" + std::string(text ? text : "unknown format") + ")");
    }
    return ArchiveReader(std::move(handle), path, static_cast<uint64_t>(status.st_size));
}

ArchiveReader ArchiveReader::openMemory(std::span<const uint8_t> bytes, std::string name) {
    Handle handle = newReadHandle();
    if (archive_read_open_memory(handle.get(), bytes.data(), bytes.size()) != ARCHIVE_OK) {
        const char *text = archive_error_string(handle.get());
        throw Error(name + ": not an archive (" + std::string(text ? text : "unknown format") + ")");
    }
    return ArchiveReader(std::move(handle), std::move(name), bytes.size());
}

ArchiveReader::Summary ArchiveReader::extractTo(const std::string &directory, UnpackBudget &budget,
                                                const Progress &progress, std::stop_token stop) {
    std::error_code error;
    fs::create_directories(directory, error);
    // Resolved, so that libarchive's check for links on the way (SECURE_SYMLINKS) sees none above the root.
    const fs::path root = fs::canonical(directory, error);
    if (error) throw Error(directory + ": " + error.message());
    Extraction extraction(archive_.get(), name_, size_, root, budget, progress, stop);
    return extraction.run();
}

bool looksLikeArchive(const std::string &path) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) return false;
    unsigned char head[512] = {};
    const ssize_t got = ::pread(fd.get(), head, sizeof head, 0);
    if (got < 6) return false;
    const auto startsWith = [&](std::initializer_list<unsigned char> magic) {
        return std::equal(magic.begin(), magic.end(), head);
    };
    if (startsWith({'B', 'Z', 'h'}) || startsWith({0x1f, 0x8b}) ||
        startsWith({0xfd, '7', 'z', 'X', 'Z', 0}) || startsWith({0x28, 0xb5, 0x2f, 0xfd}))
        return true;
    return got == 512 && std::memcmp(head + 257, "ustar", 5) == 0;
}

} // namespace perfglass
