import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyRole,
  CancelOrderRequest,
  CreateOrderRequest,
  ListOrdersQueryDto,
  OrderDto,
  OrdersListWithSummaryResponse,
  PartnerQueryDto,
} from '#contracts';
import { ApiProblems, Idempotent, NoStore, OperatorRole, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { ActingPartnerId, PartnerScoped, Roles } from '../auth/auth.decorators.js';
import { OrdersService } from './orders.service.js';

@ApiTags('orders')
@ApiKeyAuth()
@Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
@PartnerScoped()
@Controller('api/v1/orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Idempotent()
  @Post()
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({
    summary: 'Create order',
    description:
      'Leads of one product, a quantity per region. Unless reservationDate is in the future, the order takes at once the leads waiting in the pool; later leads go to the oldest open order with quantity left in their region.',
  })
  @ApiCreatedResponse({ type: OrderDto })
  create(@ActingPartnerId() partnerId: number, @Body() body: CreateOrderRequest): Promise<OrderDto> {
    return this.orders.create(partnerId, body);
  }

  @Get()
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({
    summary: 'Order list with statistics',
    description: 'The partner’s orders, newest first, with counts and quantities by status.',
  })
  @ApiOkResponse({ type: OrdersListWithSummaryResponse })
  list(@ActingPartnerId() partnerId: number, @Query() query: ListOrdersQueryDto): Promise<OrdersListWithSummaryResponse> {
    return this.orders.list(partnerId, query);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({ summary: 'Single order lookup', description: 'With ordered and delivered quantities per region.' })
  @ApiOkResponse({ type: OrderDto })
  @ApiProblems(404)
  get(@ActingPartnerId() partnerId: number, @Param('id', uuidParam('id')) id: string, @Query() _query: PartnerQueryDto): Promise<OrderDto> {
    return this.orders.get(partnerId, id);
  }

  @Post(':id/cancel')
  @OperatorRole('admin')
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel order',
    description: 'From PENDING or IN_PROGRESS: the undelivered rest is dropped, delivered leads stay. Otherwise 409 ORDER_NOT_CANCELLABLE.',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiProblems(404, 409)
  cancel(
    @ActingPartnerId() partnerId: number,
    @Param('id', uuidParam('id')) id: string,
    @Body() body: CancelOrderRequest,
  ): Promise<OrderDto> {
    return this.orders.cancel(partnerId, id, body.memo ?? null);
  }
}
