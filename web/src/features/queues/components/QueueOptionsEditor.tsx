import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { PlusIcon, TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import type { FieldErrors } from '../../../lib/form-validation.ts';
import type { DraftOption } from '../queue-form.ts';
import { IconButton } from '../../../components/IconButton.tsx';

interface EditorProps {
  tree: DraftOption[];
  errors: FieldErrors;
  onAdd(parentKey: string | null): void;
  onChange(key: string, changes: Partial<Pick<DraftOption, 'title' | 'message' | 'option'>>): void;
  onRemove(key: string): void;
}

/** One option with its fields, its actions and, indented below, its children. */
function OptionNode({ node, path, ...props }: Omit<EditorProps, 'tree'> & { node: DraftOption; path: string }) {
  const label = t('queues.options.label', { number: path });
  return (
    <li className="queue-option" data-testid={`queue-option-${path}`}>
      <Flex direction="column" gap="xs" className="queue-option__card">
        <Flex gap="small" alignItems="flex-start" wrap="wrap">
          <TextField
            className="queue-option__number"
            size="small"
            label={t('queues.options.number')}
            aria-label={`${label} · ${t('queues.options.number')}`}
            value={node.option}
            inputMode="numeric"
            onChange={(event) => props.onChange(node.key, { option: event.target.value })}
            hasError={!!props.errors[`${node.key}.option`]}
            errorMessage={props.errors[`${node.key}.option`]}
          />
          <TextField
            flex="1"
            size="small"
            label={t('queues.options.optionTitle')}
            aria-label={`${label} · ${t('queues.options.optionTitle')}`}
            value={node.title}
            onChange={(event) => props.onChange(node.key, { title: event.target.value })}
            hasError={!!props.errors[`${node.key}.title`]}
            errorMessage={props.errors[`${node.key}.title`]}
          />
          <Flex gap="xxs" alignSelf="flex-end" className="queue-option__actions">
            <IconButton
              label={`${label} · ${t('queues.options.addChild')}`}
              title={t('queues.options.addChild')}
              onClick={() => props.onAdd(node.key)}
            >
              <PlusIcon size={18} />
            </IconButton>
            <IconButton
              label={`${label} · ${t('queues.options.remove')}`}
              title={t('queues.options.remove')}
              danger
              onClick={() => props.onRemove(node.key)}
            >
              <TrashIcon size={18} />
            </IconButton>
          </Flex>
        </Flex>
        <TextAreaField
          size="small"
          rows={2}
          label={t('queues.options.message')}
          aria-label={`${label} · ${t('queues.options.message')}`}
          value={node.message}
          onChange={(event) => props.onChange(node.key, { message: event.target.value })}
        />
      </Flex>
      {node.children.length > 0 && (
        <ol className="queue-options queue-options--nested">
          {node.children.map((child) => (
            <OptionNode key={child.key} node={child} path={`${path}.${child.option || '?'}`} {...props} />
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * The queue's chatbot menu as a nested tree (extended §2.13): order number, title, message and
 * children per option. Edits stay in the dialog until it is saved.
 */
export function QueueOptionsEditor({ tree, ...props }: EditorProps) {
  return (
    <Flex as="section" direction="column" gap="xs" className="queue-options-editor" aria-label={t('queues.options.title')}>
      <Flex alignItems="center" justifyContent="space-between" gap="small" wrap="wrap">
        <Text fontWeight="semibold">{t('queues.options.title')}</Text>
        <Button size="small" gap="xs" onClick={() => props.onAdd(null)}>
          <PlusIcon size={16} />
          {t('queues.options.add')}
        </Button>
      </Flex>
      <Text fontSize="small" color="font.secondary">
        {t('queues.options.hint')}
      </Text>
      {tree.length === 0 ? (
        <Text fontSize="small" color="font.tertiary">
          {t('queues.options.empty')}
        </Text>
      ) : (
        <ol className="queue-options">
          {tree.map((node) => (
            <OptionNode key={node.key} node={node} path={node.option || '?'} {...props} />
          ))}
        </ol>
      )}
    </Flex>
  );
}
