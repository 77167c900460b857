import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  BLOG_CATEGORIES,
  BLOG_LIMITS,
  BLOG_MSG,
  BLOG_STATUS_LABELS,
  BLOG_STATUSES,
  blogInputSchema,
  type Blog,
  type BlogCategory,
  type BlogInput,
  type BlogStatus,
} from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { FormField, Input, Textarea, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { cn } from '@/lib/cn';
import { useCreateBlog } from '../api/admin/create-blog';
import { useAdminBlog } from '../api/admin/get-admin-blog';
import { useUpdateBlog } from '../api/admin/update-blog';
import { BlogImageField } from './blog-image-field';
import { CharCount } from '@/components/ui/char-count';
import { MarkdownEditor } from './markdown-editor';

/** What the inputs hold; the shared schema turns it into the request body (trimmed, nulls for empty). */
export type BlogFormValues = {
  title: string;
  excerpt: string;
  content: string;
  category: BlogCategory | '';
  author: string;
  readTime: string;
  imageUrl: string;
  featured: boolean;
  status: BlogStatus;
};

const resolver = zodResolver(blogInputSchema) as unknown as Resolver<BlogFormValues, unknown, BlogInput>;

function valuesOf(blog: Blog | null, defaultAuthor: string): BlogFormValues {
  if (!blog) {
    return {
      title: '',
      excerpt: '',
      content: '',
      category: '',
      author: defaultAuthor,
      readTime: '',
      imageUrl: '',
      featured: false,
      status: 'DRAFT',
    };
  }
  return {
    title: blog.title,
    excerpt: blog.excerpt,
    content: blog.content,
    category: blog.category,
    author: blog.author,
    readTime: blog.readTime ?? '',
    imageUrl: blog.imageUrl ?? '',
    featured: blog.featured,
    status: blog.status,
  };
}

type BlogFormModalProps = {
  open: boolean;
  /** The post to edit; null writes a new one. */
  blogId: number | null;
  /** The signed-in user's name, the author of a new post unless changed. */
  defaultAuthor: string;
  onClose: () => void;
};

const FORM_ID = 'blog-form';

/** Add / edit a post (POST /api/blogs, PUT /api/blogs/{id}) with the limits and messages of the shared schema. */
export function BlogFormModal({ open, blogId, defaultAuthor, onClose }: BlogFormModalProps) {
  const editing = blogId !== null;
  const detail = useAdminBlog(open ? blogId : null);
  const create = useCreateBlog();
  const update = useUpdateBlog();
  const [uploading, setUploading] = useState(false);
  const saving = create.isPending || update.isPending;

  function save(input: BlogInput) {
    const callbacks = {
      onSuccess: () => {
        toast.success(editing ? BLOG_MSG.updated : BLOG_MSG.created);
        onClose();
      },
      onError: (error: Error) =>
        toast.error(error.message || (editing ? BLOG_MSG.updateFailed : BLOG_MSG.createFailed)),
    };
    if (blogId !== null) update.mutate({ id: blogId, input }, callbacks);
    else create.mutate(input, callbacks);
  }

  const ready = !editing || !!detail.data;

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      preventClose={saving}
      title={editing ? 'Chỉnh sửa bài viết' : 'Thêm bài viết mới'}
      description="Các trường có dấu * là bắt buộc. Nội dung viết bằng Markdown."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Hủy
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving} disabled={!ready || uploading}>
            {saving ? 'Đang lưu...' : editing ? 'Lưu thay đổi' : 'Tạo bài viết'}
          </Button>
        </>
      }
    >
      {editing && detail.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Đang tải bài viết..." />
        </div>
      ) : editing && detail.isError ? (
        <LoadErrorAlert
          title="Không thể tải bài viết"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : (
        <BlogForm
          key={blogId ?? 'new'}
          initial={valuesOf(editing ? (detail.data ?? null) : null, defaultAuthor)}
          onSubmit={save}
          onUploadingChange={setUploading}
        />
      )}
    </Modal>
  );
}

const selectClasses = cn(inputClasses, 'pr-8');
const FOCUS_ORDER = ['title', 'excerpt', 'category', 'status', 'author', 'readTime', 'imageUrl', 'content'] as const;

function BlogForm({
  initial,
  onSubmit,
  onUploadingChange,
}: {
  initial: BlogFormValues;
  onSubmit: (input: BlogInput) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<BlogFormValues, unknown, BlogInput>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
    shouldFocusError: false,
  });

  // The first invalid field in reading order gets the focus (the form's own choice follows registration).
  function focusFirstError(invalid: FieldErrors<BlogFormValues>) {
    const first = FOCUS_ORDER.find((name) => invalid[name]);
    if (first) setFocus(first);
  }
  const [title, excerpt, author, readTime, content] = useWatch({
    control,
    name: ['title', 'excerpt', 'author', 'readTime', 'content'],
  });

  return (
    <form
      id={FORM_ID}
      noValidate
      onSubmit={handleSubmit(onSubmit, focusFirstError)}
      className="space-y-5"
      aria-label="Bài viết"
    >
      <FormField
        label="Tiêu đề"
        id="blog-title"
        required
        error={errors.title?.message}
        hint={<CharCount length={(title ?? '').length} max={BLOG_LIMITS.title} />}
      >
        {(field) => <Input {...field} {...register('title')} data-autofocus autoComplete="off" />}
      </FormField>

      <FormField
        label="Tóm tắt"
        id="blog-excerpt"
        required
        error={errors.excerpt?.message}
        hint={<CharCount length={(excerpt ?? '').length} max={BLOG_LIMITS.excerpt} />}
      >
        {(field) => <Textarea {...field} {...register('excerpt')} rows={3} className="min-h-20" />}
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Danh mục" id="blog-category" required error={errors.category?.message}>
          {(field) => (
            // Controlled, so the selected option always follows the form value (a loaded post included).
            <Controller
              control={control}
              name="category"
              render={({ field: { value, ...rest } }) => (
                <select {...field} {...rest} value={value} className={selectClasses}>
                  <option value="">Chọn danh mục</option>
                  {BLOG_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </FormField>
        <FormField label="Trạng thái" id="blog-status" error={errors.status?.message}>
          {(field) => (
            <Controller
              control={control}
              name="status"
              render={({ field: { value, ...rest } }) => (
                <select {...field} {...rest} value={value} className={selectClasses}>
                  {BLOG_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {BLOG_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </FormField>
        <FormField
          label="Tác giả"
          id="blog-author"
          required
          error={errors.author?.message}
          hint={<CharCount length={(author ?? '').length} max={BLOG_LIMITS.author} />}
        >
          {(field) => <Input {...field} {...register('author')} autoComplete="off" />}
        </FormField>
        <FormField
          label="Thời gian đọc"
          id="blog-read-time"
          error={errors.readTime?.message}
          hint={<CharCount length={(readTime ?? '').length} max={BLOG_LIMITS.readTime} />}
        >
          {(field) => <Input {...field} {...register('readTime')} placeholder="5 phút" autoComplete="off" />}
        </FormField>
      </div>

      <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        <input
          id="blog-featured"
          type="checkbox"
          {...register('featured')}
          aria-describedby="blog-featured-hint"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        <div>
          <label htmlFor="blog-featured" className="block text-sm font-medium text-slate-800">
            Bài viết nổi bật
          </label>
          <p id="blog-featured-hint" className="text-xs text-slate-600">
            Hiển thị trong khối bài viết nổi bật của trang Blog khi đã xuất bản.
          </p>
        </div>
      </div>

      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <BlogImageField
            inputRef={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            onUploadingChange={onUploadingChange}
          />
        )}
      />

      <MarkdownEditor
        label="Nội dung"
        required
        value={content}
        error={errors.content?.message}
        hint={<CharCount length={(content ?? '').length} max={BLOG_LIMITS.content} />}
        textareaProps={register('content')}
      />
    </form>
  );
}
